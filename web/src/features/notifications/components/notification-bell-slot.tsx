// The header's place for the bell: nothing for visitors; for a signed-in user the bell, loaded in its own chunk
// (with Realtime behind it) once someone is signed in.
import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/use-session'

const NotificationBell = lazy(() => import('./notification-bell').then((m) => ({ default: m.NotificationBell })))

export function NotificationBellSlot() {
  const userId = useSession().user?.id
  if (!userId) return null
  return (
    <Suspense fallback={<div className="size-11" aria-hidden="true" />}>
      {/* Keyed by user: another account in this tab gets its own channel and counts. */}
      <NotificationBell key={userId} userId={userId} />
    </Suspense>
  )
}
