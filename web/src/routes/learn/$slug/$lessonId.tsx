// /learn/$slug/$lessonId: the player. One request loads the outline with this lesson's content (course_outline with
// lesson_id). Signed-out visitors reach only preview lessons (anything else sends them to sign in and back); unknown
// courses and lessons are "not found"; locked lessons render their lock, never the content. `?preview=learner`
// shows a member of the school the lesson as a learner who enrolls today sees it. A lesson id that is not a uuid is
// "Lesson not found" at once, without asking the API (which would refuse it as malformed input).
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { preloadViewerBar } from '@/features/courses/components/lazy-viewer-bars'
import { learnQueries, startEarlyMedia } from '@/features/learn/api/learn.queries'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { previewSearchSchema } from '@/lib/courses/preview-mode'
import { viewerMode } from '@/lib/courses/viewer-mode'
import { errorCode } from '@/lib/errors'
import { isUuid } from '@/lib/uuid'
import { preloadLessonPart } from './-components/lesson-parts'
import { PlayerError, PlayerLoading, LessonNotFound } from './-components/player-states'
import { PlayerPage } from './-components/player-page'

export const Route = createFileRoute('/learn/$slug/$lessonId')({
  validateSearch: previewSearchSchema,
  loaderDeps: ({ search }) => ({ preview: search.preview === 'learner' }),
  loader: async ({ context, params, deps, location }) => {
    if (!isUuid(params.lessonId)) throw notFound()
    // Beside the outline, not after it: see startEarlyMedia.
    const early = deps.preview ? undefined : startEarlyMedia(context.queryClient, params.slug, params.lessonId)
    const outline = await context.queryClient
      .ensureQueryData(learnQueries.lesson(params.slug, params.lessonId, deps.preview))
      .catch((error: unknown) => {
        // 22P02: Postgres refused the id as a uuid (a check here and one there, should the two ever differ).
        if (errorCode(error) === 'course_not_found' || errorCode(error) === '22P02') throw notFound()
        throw error
      })
    // Only the school's members can preview; anyone else gets the ordinary player, whose caches progress keeps fresh.
    if (deps.preview && !outline.viewer.as_learner) {
      throw redirect({ to: '/learn/$slug/$lessonId', params, search: {}, replace: true })
    }
    const lesson = lessonsInOrder(outline).find((l) => l.id === params.lessonId)
    if (!outline.lesson || !lesson) throw notFound()
    if (!outline.viewer.signed_in && !lesson.available) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } })
    }
    // The video's URLs now rather than after the page renders (from the early answer when it has them): the player
    // finds them cached or on their way.
    const content = lesson.available ? outline.lesson.content : null
    preloadLessonPart(lesson)
    preloadViewerBar(viewerMode(outline))
    if (content?.video_path) {
      void context.queryClient.prefetchQuery(learnQueries.media(content.video_path, content.captions_path, early))
    }
    return { title: `${lesson.title} — ${outline.course.title}`, previewing: deps.preview }
  },
  head: ({ loaderData, match }) => ({
    meta: [
      {
        title: !loaderData
          ? match.status === 'notFound'
            ? 'Lesson not found · Summit'
            : 'Lesson · Summit'
          : `${loaderData.previewing ? 'Preview: ' : ''}${loaderData.title} · Summit`,
      },
    ],
  }),
  pendingComponent: PlayerLoading,
  errorComponent: PlayerError,
  notFoundComponent: LessonNotFound,
  component: PlayerRoute,
})

function PlayerRoute() {
  const { slug, lessonId } = Route.useParams()
  const { preview } = Route.useSearch()
  return <PlayerPage slug={slug} lessonId={lessonId} preview={preview === 'learner'} />
}
