// /stats: the signed-in learner's study stats. Signed-out visitors are sent to sign in and brought back here. The
// loader starts the one learner_stats() call; the router plugin splits this page's code from the first load.
import { createFileRoute } from '@tanstack/react-router'
import { statsQueries } from '@/features/stats/api/stats.queries'
import { StatsPage } from '@/features/stats/components/stats-page'
import { StatsPageSkeleton } from '@/features/stats/components/stats-page-skeleton'

export const Route = createFileRoute('/_authenticated/stats')({
  loader: ({ context }) => context.queryClient.ensureQueryData(statsQueries.learner(context.session.user.id)),
  head: () => ({ meta: [{ title: 'Your stats · Summit' }] }),
  pendingComponent: StatsPageSkeleton,
  component: StatsRoute,
})

function StatsRoute() {
  const { session } = Route.useRouteContext()
  return <StatsPage userId={session.user.id} />
}
