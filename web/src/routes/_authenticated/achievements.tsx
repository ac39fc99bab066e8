// /achievements: the signed-in learner's trophies, earned and locked, and the opt-in leaderboards of their courses.
// Signed-out visitors are sent to sign in and brought back here.
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { achievementQueries } from '@/features/achievements/api/achievements.queries'
import { AchievementsPage } from '@/features/achievements/components/achievements-page'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { LeaderboardSection } from '@/features/leaderboard/components/leaderboard-section'

export const Route = createFileRoute('/_authenticated/achievements')({
  // Started, not awaited: the page shows its own loading and error states (with a retry).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(achievementQueries.catalogue())
    void context.queryClient.prefetchQuery(achievementQueries.earned(context.session.user.id))
    void context.queryClient.prefetchQuery(courseQueries.mine(context.session.user.id))
  },
  head: () => ({ meta: [{ title: 'Achievements · Summit' }] }),
  component: AchievementsRoute,
})

function AchievementsRoute() {
  const { session } = Route.useRouteContext()
  const userId = session.user.id
  const mine = useQuery(courseQueries.mine(userId))
  return (
    <div className="flex flex-col gap-10">
      <AchievementsPage userId={userId} />
      <div className="mx-auto w-full max-w-3xl">
        <LeaderboardSection
          userId={userId}
          courses={mine.data?.map(({ course }) => ({ id: course.id, title: course.title }))}
          coursesError={mine.error}
          onRetryCourses={() => void mine.refetch()}
        />
      </div>
    </div>
  )
}
