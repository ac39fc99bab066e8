// Query keys for the player. The lesson key sits under the course's outline key (['courses', 'outline', slug]) so
// progress writes that patch or invalidate the outline reach the player's copy too; a learner preview's copy sits
// under the course's preview key instead, where no progress reaches it.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { supabase } from '@/lib/supabase'
import {
  SIGNED_URL_TTL_S,
  getLessonMedia,
  getLessonMediaById,
  getPlayerOutline,
  type LessonMediaById,
} from './learn.api'

export const learnKeys = {
  lesson: (slug: string, lessonId: string) => [...courseKeys.outline(slug), 'lesson', lessonId] as const,
  // Under the course's preview key, out of reach of progress writes (see courseKeys.previews).
  previewLesson: (slug: string, lessonId: string) => [...courseKeys.preview(slug), 'lesson', lessonId] as const,
  media: (videoPath: string | null, captionsPath: string | null) =>
    ['learn', 'media', videoPath, captionsPath] as const,
}

export const learnQueries = {
  /** With asLearner, the lesson as a learner who enrolled today sees it: a member's "Preview as learner". */
  lesson: (slug: string, lessonId: string, asLearner = false) =>
    queryOptions({
      queryKey: asLearner ? learnKeys.previewLesson(slug, lessonId) : learnKeys.lesson(slug, lessonId),
      queryFn: () => getPlayerOutline(supabase, slug, lessonId, asLearner),
      // A preview is opened to check the latest edits: always asked again.
      ...(asLearner && { staleTime: 0 }),
    }),
  /**
   * Signed URLs for these paths. With `early` (see startEarlyMedia), the answer of the request made beside the outline
   * is used when it signed the same paths; otherwise (it failed, or the paths changed meanwhile) they are signed now.
   */
  media: (videoPath: string | null, captionsPath: string | null, early?: Promise<LessonMediaById | null>) =>
    // `early` is a head start on this same data, not something the data depends on: it stays out of the key.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: learnKeys.media(videoPath, captionsPath),
      queryFn: async () => {
        const answer = await early
        if (answer && answer.videoPath === videoPath && answer.captionsPath === captionsPath) {
          if ((answer.videoUrl !== null || !videoPath) && (answer.captionsUrl !== null || !captionsPath)) {
            return { videoUrl: answer.videoUrl, captionsUrl: answer.captionsUrl }
          }
        }
        return getLessonMedia(supabase, { videoPath, captionsPath })
      },
      // A cached URL is handed out only while it has a minute left; never refetch on focus, which would reload the
      // video. A URL that runs out while playing is renewed by the player (use-renewing-source).
      staleTime: (SIGNED_URL_TTL_S - 60) * 1000,
      gcTime: (SIGNED_URL_TTL_S - 60) * 1000,
      refetchOnWindowFocus: false,
    }),
}

/**
 * Asks for the lesson's media by its id while the outline is still on its way, so a playable video is two sequential
 * round trips away (outline and media together, then the video) instead of three. Not asked when the answer is
 * already known to be useless: the lesson's outline is cached (its paths are signed at once), or a cached outline of
 * the course says the lesson is not a video. Never fails: a refusal or a network error is null, and the paths are
 * then signed the usual way.
 */
export function startEarlyMedia(
  queryClient: QueryClient,
  slug: string,
  lessonId: string,
): Promise<LessonMediaById | null> | undefined {
  if (queryClient.getQueryData(learnKeys.lesson(slug, lessonId)) !== undefined) return undefined
  const outlines = queryClient.getQueriesData<CourseOutline>({ queryKey: courseKeys.outline(slug) })
  for (const [, outline] of outlines) {
    const lesson = outline?.sections?.flatMap((section) => section.lessons).find((l) => l.id === lessonId)
    if (lesson && lesson.kind !== 'video') return undefined
  }
  return getLessonMediaById(supabase, lessonId).catch(() => null)
}
