// /learn/$slug/notes: "My notes" for a course — every note the signed-in learner wrote in it, grouped by lesson in
// course order, with a Markdown export. The outline (one request) gives the course's title and lesson order; the
// notes come from the notes feature. Signed-out visitors are sent to sign in and back; unknown courses are not found.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link, notFound } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { CourseNotes } from '@/features/notes/components/course-notes'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { errorCode } from '@/lib/errors'
import { LessonNotFound, PlayerError, PlayerLoading } from '@/routes/learn/$slug/-components/player-states'

export const Route = createFileRoute('/_authenticated/learn/$slug/notes')({
  loader: async ({ context, params }) => {
    const outline = await context.queryClient
      .ensureQueryData(courseQueries.outline(params.slug))
      .catch((error: unknown) => {
        if (errorCode(error) === 'course_not_found') throw notFound()
        throw error
      })
    return { title: outline.course.title }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `My notes · ${loaderData.title} · Summit` : 'My notes · Summit' }],
  }),
  pendingComponent: PlayerLoading,
  errorComponent: PlayerError,
  notFoundComponent: LessonNotFound,
  component: MyNotesRoute,
})

function MyNotesRoute() {
  const { slug } = Route.useParams()
  const { session } = Route.useRouteContext()
  const { data: outline } = useSuspenseQuery(courseQueries.outline(slug))
  const lessons = lessonsInOrder(outline).map((l) => ({ id: l.id, title: l.title }))
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <Link
        to="/courses/$slug"
        params={{ slug }}
        className="inline-flex min-h-11 items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {outline.course.title}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My notes</h1>
      <CourseNotes
        userId={session.user.id}
        courseId={outline.course.id}
        courseTitle={outline.course.title}
        slug={slug}
        lessons={lessons}
      />
    </div>
  )
}
