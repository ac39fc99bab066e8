// /achievements: the signed-in learner's trophies, earned and locked. Signed-out visitors are sent to sign in and
// brought back here.
import { createFileRoute } from '@tanstack/react-router'
import { requireSession } from '@/features/auth/api/session'
import { achievementQueries } from '@/features/achievements/api/achievements.queries'
import { AchievementsPage } from '@/features/achievements/components/achievements-page'

export const Route = createFileRoute('/achievements')({
  beforeLoad: async ({ location }) => ({ session: await requireSession(location) }),
  // Started, not awaited: the page shows its own loading and error states (with a retry).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(achievementQueries.catalogue())
    void context.queryClient.prefetchQuery(achievementQueries.earned(context.session.user.id))
  },
  head: () => ({ meta: [{ title: 'Achievements · Summit' }] }),
  component: AchievementsRoute,
})

function AchievementsRoute() {
  const { session } = Route.useRouteContext()
  return <AchievementsPage userId={session.user.id} />
}
