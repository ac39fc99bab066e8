// /learn/$slug/$lessonId: the player. One request loads the outline with this lesson's content (course_outline with
// lesson_id). Signed-out visitors reach only preview lessons (anything else sends them to sign in and back); unknown
// courses and lessons are "not found"; locked lessons render their lock, never the content.
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { learnQueries } from '@/features/learn/api/learn.queries'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { errorCode } from '@/lib/errors'
import { PlayerError, PlayerLoading, LessonNotFound } from './-components/player-states'
import { PlayerPage } from './-components/player-page'

export const Route = createFileRoute('/learn/$slug/$lessonId')({
  loader: async ({ context, params, location }) => {
    const outline = await context.queryClient
      .ensureQueryData(learnQueries.lesson(params.slug, params.lessonId))
      .catch((error: unknown) => {
        if (errorCode(error) === 'course_not_found') throw notFound()
        throw error
      })
    const lesson = lessonsInOrder(outline).find((l) => l.id === params.lessonId)
    if (!outline.lesson || !lesson) throw notFound()
    if (!outline.viewer.signed_in && !lesson.available) {
      throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } })
    }
  },
  pendingComponent: PlayerLoading,
  errorComponent: PlayerError,
  notFoundComponent: LessonNotFound,
  component: PlayerRoute,
})

function PlayerRoute() {
  const { slug, lessonId } = Route.useParams()
  return <PlayerPage slug={slug} lessonId={lessonId} />
}
