// Query keys for the player's own reads. The outline is the course page's (courseOutlineQuery, under
// ['courses', 'outline', slug], or a learner preview's under ['courses', 'preview', slug]): progress writes patch it
// there, and opening another lesson of the course asks only for that lesson's content.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { supabase } from '@/lib/supabase'
import {
  SIGNED_URL_TTL_S,
  getLessonContent,
  getLessonMedia,
  getLessonMediaById,
  type LessonMediaById,
} from './learn.api'

export const learnKeys = {
  // The same for every viewer who may read it (the player shows it only where the outline opens the lesson); sign-in
  // and sign-out reset every query.
  content: (lessonId: string) => ['learn', 'content', lessonId] as const,
  media: (videoPath: string | null, captionsPath: string | null) =>
    ['learn', 'media', videoPath, captionsPath] as const,
}

export const learnQueries = {
  /** With fresh (a member's learner preview, opened to check the latest edits, like its outline): asked every time. */
  content: (lessonId: string, fresh = false) =>
    queryOptions({
      queryKey: learnKeys.content(lessonId),
      queryFn: () => getLessonContent(supabase, lessonId),
      ...(fresh && { staleTime: 0 }),
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
 * Asks for the lesson's media by its id while the outline and the content are still on their way, so a playable video
 * is two sequential round trips away (content and media together, then the video) instead of three. Not asked when
 * the answer is already known to be useless: the lesson's content is cached (its paths are signed at once), or a
 * cached outline of the course says the lesson is not a video. Never fails: a refusal or a network error is null, and
 * the paths are then signed the usual way.
 */
export function startEarlyMedia(
  queryClient: QueryClient,
  slug: string,
  lessonId: string,
): Promise<LessonMediaById | null> | undefined {
  if (queryClient.getQueryData(learnKeys.content(lessonId)) !== undefined) return undefined
  const outlines = queryClient.getQueriesData<CourseOutline>({ queryKey: courseKeys.outline(slug) })
  for (const [, outline] of outlines) {
    const lesson = outline?.sections?.flatMap((section) => section.lessons).find((l) => l.id === lessonId)
    if (lesson && lesson.kind !== 'video') return undefined
  }
  return getLessonMediaById(supabase, lessonId).catch(() => null)
}
