// Query keys for the player. The lesson key sits under the course's outline key (['courses', 'outline', slug]) so
// progress writes that patch or invalidate the outline reach the player's copy too; a learner preview's copy sits
// under the course's preview key instead, where no progress reaches it.
import { queryOptions } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import { SIGNED_URL_TTL_S, getLessonMedia, getPlayerOutline } from './learn.api'

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
  media: (videoPath: string | null, captionsPath: string | null) =>
    queryOptions({
      queryKey: learnKeys.media(videoPath, captionsPath),
      queryFn: () => getLessonMedia(supabase, { videoPath, captionsPath }),
      // A cached URL is handed out only while it has a minute left; never refetch on focus, which would reload the
      // video. A URL that runs out while playing is renewed by the player (use-renewing-source).
      staleTime: (SIGNED_URL_TTL_S - 60) * 1000,
      gcTime: (SIGNED_URL_TTL_S - 60) * 1000,
      refetchOnWindowFocus: false,
    }),
}
