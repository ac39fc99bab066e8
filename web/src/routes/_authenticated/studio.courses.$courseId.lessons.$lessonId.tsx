// /studio/courses/$courseId/lessons/$lessonId: the lesson editor. A lesson that is not this course's, or a course
// of a school I am not a member of, is this route's not-found state, answered at once without retries. A quiz lesson
// gets its quiz settings, a video lesson its in-video checks (both from the quiz studio, loaded for that kind only).
import { createFileRoute, notFound } from '@tanstack/react-router'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'
import {
  LazyQuizSettingsSection,
  LazyVideoChecksPanel,
  preloadLessonPanel,
} from '@/features/quiz-studio/components/lazy-lesson-panels'
import { preloadMediaFields } from '@/features/studio/lessons/lazy-media-fields'
import { LessonEditor } from '@/features/studio/lessons/lesson-editor'
import { lessonQueries } from '@/features/studio/lessons/lesson.queries'
import { LessonNotFound } from '@/features/studio/lessons/lesson-not-found'

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/lessons/$lessonId')({
  loader: async ({ context: { queryClient, session }, params }) => {
    // The file fields (a chunk of their own) start loading with the page, beside the lesson's data.
    preloadMediaFields()
    const bundle = await queryClient.ensureQueryData(
      lessonQueries.detail({ courseId: params.courseId, lessonId: params.lessonId, userId: session.user.id }),
    )
    if (!bundle) throw notFound()
    preloadLessonPanel(bundle.lesson.kind)
    return { title: `${bundle.lesson.title} · ${bundle.course.title}` }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.title} · Studio · Summit` : 'Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: LessonNotFound,
  component: LessonEditorRoute,
})

function LessonEditorRoute() {
  const { courseId, lessonId } = Route.useParams()
  const { session } = Route.useRouteContext()
  return (
    <LessonEditor
      courseId={courseId}
      lessonId={lessonId}
      userId={session.user.id}
      kindPanels={(kind) =>
        kind === 'quiz' ? (
          <LazyQuizSettingsSection courseId={courseId} lessonId={lessonId} />
        ) : kind === 'video' ? (
          <LazyVideoChecksPanel courseId={courseId} lessonId={lessonId} />
        ) : null
      }
    />
  )
}
