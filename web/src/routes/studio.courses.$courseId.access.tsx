// /studio/courses/$courseId/access: who can join a course and when (invite links, access codes, cohorts, events),
// for the members of its school. An unknown course, or one of a school I am not a member of, is this route's
// not-found state, answered at once without retries.
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { requireSession } from '@/features/auth/api/session'
import { courseAccessQueries } from '@/features/course-access/api/course-access.queries'
import { CourseAccessPage } from '@/features/course-access/components/course-access-page'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const Route = createFileRoute('/studio/courses/$courseId/access')({
  beforeLoad: async ({ location }) => ({ session: await requireSession(location) }),
  loader: async ({ context: { queryClient, session }, params }) => {
    const course = await queryClient.ensureQueryData(courseAccessQueries.managed(params.courseId, session.user.id))
    if (!course) throw notFound()
    return { title: course.title }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `Access · ${loaderData.title} · Studio · Summit` : 'Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: CourseAccessRoute,
})

function CourseAccessRoute() {
  const { courseId } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: course } = useSuspenseQuery(courseAccessQueries.managed(courseId, session.user.id))
  // The loader answered not-found before rendering; losing membership meanwhile shows nothing rather than crashing.
  if (!course) return null
  return <CourseAccessPage course={course} />
}
