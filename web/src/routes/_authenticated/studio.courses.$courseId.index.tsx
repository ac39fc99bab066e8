// /studio/courses/$courseId: the course editor (details, curriculum, publishing). An unknown course, or one of a
// school I am not a member of, is this route's not-found state, answered at once without retries.
import { createFileRoute } from '@tanstack/react-router'
import { loadStudioCourseTitle } from '@/features/studio/api/course-title.loader'
import { studioQueries } from '@/features/studio/api/studio.queries'
import { LazyCoverUpload } from '@/features/studio/cover/components/lazy-cover-upload'
import { CourseEditor } from '@/features/studio/components/course-editor'
import { LazyCurriculumBuilder } from '@/features/studio/components/lazy-curriculum-builder'
import { LazyPublishPanel } from '@/features/studio/components/lazy-publish-panel'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/')({
  loader: ({ context: { queryClient }, params }) => {
    // The curriculum (its own chunk) and its data, the cover's uploader and the publishing section (chunks of their
    // own) start loading with the page, beside the course's details.
    LazyCurriculumBuilder.preload()
    LazyCoverUpload.preload()
    LazyPublishPanel.preload()
    void queryClient.prefetchQuery(studioQueries.curriculum(params.courseId))
    return loadStudioCourseTitle(queryClient, params.courseId)
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.title} · Studio · Summit` : 'Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: CourseEditorRoute,
})

function CourseEditorRoute() {
  const { courseId } = Route.useParams()
  return <CourseEditor courseId={courseId} />
}
