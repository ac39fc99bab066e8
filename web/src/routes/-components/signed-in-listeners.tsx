// What listens for a signed-in user wherever they are: trophies earned while any page is open are announced there, a
// session ended on another device signs this tab out at once, and progress saved on this device while offline is sent
// (progress-outbox-starter.tsx). All of them (and Realtime behind them) are loaded lazily, in one chunk, once someone
// is signed in, so visitors' first load goes without them.
import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/use-session'

const Listeners = lazy(() => import('./signed-in-listeners-parts'))

export function SignedInListeners() {
  const userId = useSession().user?.id
  if (!userId) return null
  return (
    <Suspense fallback={null}>
      {/* Keyed by user: a different account in this tab gets fresh channels and no one else's toasts. */}
      <Listeners key={userId} userId={userId} />
    </Suspense>
  )
}
