// /courses/$slug: the course page, from one request (the course_outline RPC) made in the loader. An unknown or
// invisible course (drafts for visitors) answers course_not_found, shown as this route's not-found state. Enrolled
// learners also see the course's live sessions and deadlines and how many are learning now; the school's staff see
// the course's state and a way to the editor; `?preview=learner` shows a member the page as a learner who enrolls
// today sees it, writing nothing.
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { preloadCover } from '@/features/courses/lib/cover-url'
import { CourseHeader } from '@/features/courses/components/course-header'
import { CourseOutlineView } from '@/features/courses/components/course-outline'
import { EnrollPanel } from '@/features/courses/components/enroll-panel'
import { LearnerPanel } from '@/features/courses/components/learner-panel'
import { SchoolByline } from '@/features/schools/components/school-byline'
import { supabase } from '@/lib/supabase'
import { PreviewModeContext, previewSearchSchema } from '@/lib/courses/preview-mode'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { seesLearnerView, viewerMode, type ViewerMode } from '@/lib/courses/viewer-mode'
import { errorCode } from '@/lib/errors'
import { CourseDescription } from './-components/course-description'
import { CourseNotFound } from './-components/course-not-found'
import { CoursePageSkeleton } from './-components/course-page-skeleton'
import {
  CourseAnnouncements,
  CourseEvents,
  LearningNow,
  LessonCompleteCheckbox,
  LiveProgress,
  PreviewBanner,
  PreviewLessonCheckbox,
  preloadViewerParts,
  StaffBar,
} from './-components/viewer-parts'

export const Route = createFileRoute('/courses/$slug')({
  validateSearch: previewSearchSchema,
  loaderDeps: ({ search }) => ({ preview: search.preview === 'learner' }),
  loader: async ({ context: { queryClient }, params, deps }) => {
    const outline = await queryClient
      .ensureQueryData(courseQueries.outline(params.slug, deps.preview))
      .catch((error) => {
        if (errorCode(error) === 'course_not_found') throw notFound()
        throw error
      })
    // Only the school's members can preview; anyone else is on the ordinary page, whose caches progress keeps fresh.
    if (deps.preview && !outline.viewer.as_learner) {
      throw redirect({ to: '/courses/$slug', params, search: {}, replace: true })
    }
    const mode = viewerMode(outline)
    preloadViewerParts(mode, seesEvents(outline, mode))
    // The cover is the page's largest paint: on a slow network it downloads while the page's code still arrives.
    preloadCover(supabase, outline.course.cover_path)
    return { title: outline.course.title, previewing: deps.preview }
  },
  head: ({ loaderData, match }) => ({
    meta: [
      {
        title: !loaderData
          ? match.status === 'notFound'
            ? 'Course not found · Summit'
            : 'Course · Summit'
          : loaderData.previewing
            ? `Preview: ${loaderData.title} · Summit`
            : `${loaderData.title} · Summit`,
      },
    ],
  }),
  pendingComponent: CoursePageSkeleton,
  notFoundComponent: CourseNotFound,
  component: CoursePage,
})

function CoursePage() {
  const { slug } = Route.useParams()
  const { preview } = Route.useSearch()
  const { data: outline } = useSuspenseQuery(courseQueries.outline(slug, preview === 'learner'))
  const mode = viewerMode(outline)
  const learnerView = seesLearnerView(mode)

  return (
    <PreviewModeContext.Provider value={mode === 'preview'}>
      <article className="flex flex-col gap-8">
        {mode === 'learner' && <LiveProgress slug={slug} />}
        {mode === 'preview' ? <PreviewBanner courseId={outline.course.id} /> : null}
        {mode === 'staff' ? <StaffBar course={outline.course} /> : null}
        <CourseHeader course={outline.course} school={<SchoolByline school={outline.course.school} />} />
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
          <aside aria-label="Enrollment" className="flex flex-col gap-3 lg:sticky lg:top-24 lg:order-last">
            {mode === 'preview' ? <LearnerPanel outline={outline} /> : <EnrollPanel outline={outline} />}
            {seesEvents(outline, mode) ? <LearningNow courseId={outline.course.id} /> : null}
          </aside>
          <div className="flex min-w-0 flex-col gap-8">
            <CourseDescription source={outline.course.description_md} language={outline.course.language} />
            <CourseOutlineView
              outline={outline}
              enrolled={learnerView}
              renderCheckbox={
                mode === 'learner'
                  ? (lesson) => <LessonCompleteCheckbox slug={slug} lesson={lesson} />
                  : mode === 'preview'
                    ? (lesson) => <PreviewLessonCheckbox lesson={lesson} />
                    : undefined
              }
            />
            {seesEvents(outline, mode) ? <CourseEvents courseId={outline.course.id} /> : null}
            {mode === 'learner' || mode === 'staff' ? <CourseAnnouncements courseId={outline.course.id} /> : null}
          </div>
        </div>
      </article>
    </PreviewModeContext.Provider>
  )
}

/** Live sessions and deadlines are for the course's learners and its school's members. */
function seesEvents(outline: CourseOutline, mode: ViewerMode): boolean {
  return seesLearnerView(mode) || outline.viewer.is_member
}
