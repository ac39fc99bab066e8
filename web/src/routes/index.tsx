// Home. Signed out: a hero and the newest courses (and, once, the confirmation of an account just deleted here).
// Signed in: "Continue learning" (the most recently active course's next lesson) beside "Upcoming" (the next calendar
// items), the weekly goal and streak, the learner's courses with progress. An owner or instructor opens on their
// teaching (what needs them, their courses) with their learning below; anyone else is offered "Teach on Summit".
// The loader reads the stored session (no request) and prefetches what the page shows; sign-in and sign-out re-run
// it. Invitations to learn in a course wait at the top for an answer.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
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
import { studioQueries } from '@/features/studio/api/studio.queries'
import { StaffHomeSection } from '@/features/studio/components/staff-home-section'
import { supabase } from '@/lib/supabase'
import { TeachOnSummit } from './-components/teach-on-summit'
import { TeachingHome } from './-components/teaching-home'

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
    // Whether the page opens on teaching; a failure here leaves the learner's home (the section says it failed). The
    // studio's data access loads here, for the signed-in, rather than in every visitor's first load.
    const [mine] = await Promise.all([
      queryClient.ensureQueryData(courseQueries.mine(userId)),
      import('@/features/studio/api/studio.queries')
        .then(({ studioQueries }) => queryClient.ensureQueryData(studioQueries.schools(userId)))
        .catch(() => undefined),
    ])
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
  const schools = useQuery(studioQueries.schools(userId))
  const current = mine.find((item) => item.status === 'active') ?? mine[0]
  const teaching = schools.data && schools.data.length > 0 ? schools.data : null
  return (
    <div className="flex flex-col gap-8">
      {teaching ? (
        <TeachingHome userId={userId} schools={teaching} />
      ) : (
        // "Welcome back" only for someone who has been here to learn: a new account has no courses yet.
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
          {mine.length > 0 ? 'Welcome back' : 'Welcome to Summit'}
        </h1>
      )}
      <CourseInvitationsCard userId={userId} />
      {teaching ? (
        <h2 className="border-t border-slate-200 pt-6 text-xl font-semibold text-slate-900">Your learning</h2>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {current ? <ContinueLearningCard slug={current.course.slug} /> : null}
        <UpcomingCard userId={userId} />
      </div>
      {/* A weekly goal is for someone learning here: a teacher enrolled nowhere is not told it is out of reach. */}
      {teaching && mine.length === 0 ? null : <WeeklyGoalCard userId={userId} />}
      <MyCourseList courses={mine} />
      {/* Teaching failed to load: the section says so in place, with a retry. */}
      {schools.isError ? <StaffHomeSection userId={userId} /> : null}
      {teaching ? null : <TeachOnSummit />}
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
      <TeachOnSummit />
    </div>
  )
}
