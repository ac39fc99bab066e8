// Home. Signed out: a hero and the newest courses (and, once, the confirmation of an account just deleted here).
// Signed in: "Continue learning" (the most recently active course's next lesson) beside "Upcoming" (the next calendar
// items), the weekly goal and streak, the learner's courses with progress, and for school members their teaching. The loader reads the stored session (no
// request) and prefetches what the page shows; sign-in and sign-out re-run it. Invitations to learn in a course wait
// at the top for an answer.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { AccountDeletedNotice } from '@/features/account/privacy/components/account-deleted-notice'
import { CourseInvitationsCard } from '@/features/course-invitations/components/course-invitations-card'
import { getSession } from '@/features/auth/api/session'
import { UpcomingCard } from '@/features/calendar/components/upcoming-card'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { ContinueLearningCard } from '@/features/courses/components/continue-learning-card'
import { CourseCard, CourseCardSkeleton, CourseGrid } from '@/features/courses/components/course-card'
import { MyCourseList } from '@/features/courses/components/my-course-list'
import { statsQueries } from '@/features/stats/api/stats.queries'
import { WeeklyGoalCard } from '@/features/stats/components/weekly-goal-card'
import { StaffHomeSection } from '@/features/studio/components/staff-home-section'
import { supabase } from '@/lib/supabase'

export const Route = createFileRoute('/')({
  loader: async ({ context: { queryClient } }) => {
    const session = await getSession(supabase).catch(() => null)
    const userId = session?.user.id ?? null
    if (!userId) {
      await queryClient.ensureQueryData(courseQueries.featured())
      return { userId }
    }
    // The goal card reads learner_stats() on its own (it shows its own loading and error), so it is not awaited.
    void queryClient.prefetchQuery(statsQueries.learner(userId))
    // So is "Upcoming" (calendar_items() for the next 60 days, shown in the profile's time zone); its data access
    // loads beside the page's own chunk rather than in every page's first load.
    void import('@/features/calendar/api/calendar.queries').then(({ calendarQueries }) =>
      Promise.all([
        queryClient.prefetchQuery(calendarQueries.timeZone(userId)),
        queryClient.prefetchQuery(calendarQueries.upcoming(userId)),
      ]),
    )
    const mine = await queryClient.ensureQueryData(courseQueries.mine(userId))
    const current = mine[0]
    if (current) void queryClient.prefetchQuery(courseQueries.outline(current.course.slug))
    return { userId }
  },
  head: () => ({ meta: [{ title: 'Home · Summit' }] }),
  pendingComponent: HomeSkeleton,
  component: HomePage,
})

function HomeSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-40 w-full rounded-xl" />
      <CourseGrid>
        {Array.from({ length: 3 }, (_, index) => (
          <CourseCardSkeleton key={index} />
        ))}
      </CourseGrid>
    </div>
  )
}

function HomePage() {
  const { userId } = Route.useLoaderData()
  return userId ? <LearnerHome userId={userId} /> : <VisitorHome />
}

function LearnerHome({ userId }: { userId: string }) {
  const { data: mine } = useSuspenseQuery(courseQueries.mine(userId))
  const current = mine.find((item) => item.status === 'active') ?? mine[0]
  return (
    <div className="flex flex-col gap-8">
      {/* "Welcome back" only for someone who has been here to learn: a new account has no courses yet. */}
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {mine.length > 0 ? 'Welcome back' : 'Welcome to Summit'}
      </h1>
      <CourseInvitationsCard userId={userId} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {current ? <ContinueLearningCard slug={current.course.slug} /> : null}
        <UpcomingCard userId={userId} />
      </div>
      <WeeklyGoalCard userId={userId} />
      <MyCourseList courses={mine} />
      <StaffHomeSection userId={userId} />
    </div>
  )
}

function VisitorHome() {
  const { data: featured } = useSuspenseQuery(courseQueries.featured())
  return (
    <div className="flex flex-col gap-10">
      <AccountDeletedNotice />
      <section className="flex flex-col gap-4 rounded-2xl bg-gradient-to-br from-teal-700 to-teal-900 px-6 py-10 text-white sm:px-10 sm:py-14">
        <h1 className="max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Learn at your own pace, one lesson at a time
        </h1>
        <p className="max-w-xl text-lg text-teal-50">
          Courses from small schools and independent teachers. Watch, read, tick lessons off and see how far you have
          come.
        </p>
        <div className="flex flex-wrap gap-3 pt-2">
          <Button asChild className="bg-white text-teal-900 hover:bg-teal-50">
            <Link to="/courses">Browse courses</Link>
          </Button>
          <Button asChild variant="outline" className="border-white/70 bg-transparent text-white hover:bg-white/10">
            <Link to="/auth/sign-up">Create an account</Link>
          </Button>
        </div>
      </section>
      {featured.length > 0 ? (
        <section aria-labelledby="featured-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="featured-heading" className="text-xl font-semibold text-slate-900">
              New courses
            </h2>
            <Link to="/courses" className="text-sm font-medium text-teal-800 hover:underline">
              See all courses
            </Link>
          </div>
          <CourseGrid>
            {featured.map((course) => (
              <CourseCard key={course.id} course={course} headingLevel="h3" />
            ))}
          </CourseGrid>
        </section>
      ) : null}
    </div>
  )
}
