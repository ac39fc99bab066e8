// Trophies earned while any page is open are announced there: once someone is signed in, the toaster (and Realtime
// behind it) is loaded lazily, so visitors' first load goes without either.
import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/use-session'

const AchievementToaster = lazy(() =>
  import('@/features/achievements/components/achievement-toaster').then((module) => ({
    default: module.AchievementToaster,
  })),
)

export function AchievementToastStarter() {
  const userId = useSession().user?.id
  if (!userId) return null
  return (
    <Suspense fallback={null}>
      {/* Keyed by user: a different account in this tab gets a fresh feed and no one else's toasts. */}
      <AchievementToaster key={userId} userId={userId} />
    </Suspense>
  )
}
