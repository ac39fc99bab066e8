// /learn/$slug/$lessonId: the player. The course's outline (the course page's, often cached already) and this lesson's
// content are asked side by side; opening the next lesson asks only for its content. Signed-out visitors reach only
// preview lessons (anything else sends them to sign in and back); unknown courses and lessons are "not found"; locked
// lessons render their lock, never the content. `?preview=learner` shows a member of the school the lesson as a
// learner who enrolls today sees it. A lesson id that is not a uuid is "Lesson not found" at once, without asking the
// API (which would refuse it as malformed input).
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { preloadViewerBar } from '@/features/courses/components/lazy-viewer-bars'
import { learnKeys, learnQueries, startEarlyMedia } from '@/features/learn/api/learn.queries'
import { courseOutlineQuery } from '@/lib/courses/course-outline-call'
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
    const { queryClient } = context
    // Beside the outline, not after it: see startEarlyMedia.
    const early = deps.preview ? undefined : startEarlyMedia(queryClient, params.slug, params.lessonId)
    // The content beside the outline too, whether or not the lesson turns out to be open (see below).
    void queryClient.prefetchQuery(learnQueries.content(params.lessonId, deps.preview))
    const outline = await queryClient
      .ensureQueryData(courseOutlineQuery(params.slug, deps.preview))
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
    if (!lesson) throw notFound()
    if (!outline.viewer.signed_in && !lesson.available) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } })
    }
    // A locked lesson keeps no content in the cache: the answer asked beside the outline is empty for a learner, and
    // would show a previewing member what the learner cannot open. Once it opens, the player asks again.
    let content = null
    if (lesson.available) {
      content = await queryClient.ensureQueryData(learnQueries.content(params.lessonId, deps.preview))
    } else {
      queryClient.removeQueries({ queryKey: learnKeys.content(params.lessonId), exact: true })
    }
    preloadLessonPart(lesson)
    preloadViewerBar(viewerMode(outline))
    // The video's URLs now rather than after the page renders (from the early answer when it has them): the player
    // finds them cached or on their way.
    if (content?.video_path) {
      void queryClient.prefetchQuery(learnQueries.media(content.video_path, content.captions_path, early))
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
