// /courses/$slug: the course page, from one request (the course_outline RPC) made in the loader. An unknown or
// invisible course (drafts for visitors) answers course_not_found, shown as this route's not-found state. Enrolled
// learners also see the course's live sessions and deadlines.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { CourseHeader } from '@/features/courses/components/course-header'
import { CourseEvents } from '@/features/courses/components/course-events'
import { CourseOutlineView } from '@/features/courses/components/course-outline'
import { EnrollPanel } from '@/features/courses/components/enroll-panel'
import { useProgressSync } from '@/features/learn/use-progress-sync'
import { errorCode } from '@/lib/errors'
import { CourseDescription } from './-components/course-description'
import { CourseNotFound } from './-components/course-not-found'
import { LessonCompleteCheckbox } from './-components/lesson-complete-checkbox'
import { CoursePageSkeleton } from './-components/course-page-skeleton'

export const Route = createFileRoute('/courses/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    try {
      const outline = await queryClient.ensureQueryData(courseQueries.outline(params.slug))
      return { title: outline.course.title }
    } catch (error) {
      if (errorCode(error) === 'course_not_found') throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({ meta: [{ title: loaderData ? `${loaderData.title} · Summit` : 'Course · Summit' }] }),
  pendingComponent: CoursePageSkeleton,
  notFoundComponent: CourseNotFound,
  component: CoursePage,
})

function CoursePage() {
  const { slug } = Route.useParams()
  const { data: outline } = useSuspenseQuery(courseQueries.outline(slug))
  const enrolled = outline.viewer.enrollment !== null && outline.viewer.enrollment.status !== 'removed'

  return (
    <article className="flex flex-col gap-8">
      {enrolled && <LiveProgress slug={slug} />}
      <CourseHeader course={outline.course} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside aria-label="Enrollment" className="lg:sticky lg:top-24 lg:order-last">
          <EnrollPanel outline={outline} />
        </aside>
        <div className="flex min-w-0 flex-col gap-8">
          <CourseDescription source={outline.course.description_md} />
          <CourseOutlineView
            outline={outline}
            enrolled={enrolled}
            renderCheckbox={enrolled ? (lesson) => <LessonCompleteCheckbox slug={slug} lesson={lesson} /> : undefined}
          />
          {enrolled || outline.viewer.is_member ? <CourseEvents courseId={outline.course.id} /> : null}
        </div>
      </div>
    </article>
  )
}

/** Ticks and progress from the learner's other tabs and devices arrive while the course page is open. */
function LiveProgress({ slug }: { slug: string }) {
  useProgressSync(slug)
  return null
}
