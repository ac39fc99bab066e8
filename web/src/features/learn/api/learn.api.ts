// The player's reads: the course outline with the open lesson's content and neighbours (one `course_outline` call),
// then short-lived signed URLs for the lesson's video and captions in the private `course-media` bucket.
import { courseOutlineSchema, type CourseOutline } from '@/lib/courses/course-outline.schema'
import type { outlineLessonDetailSchema } from '@/lib/courses/course-outline.schema'
import type { SupabaseClient } from '@/lib/supabase'
import type { z } from 'zod'

export type LessonDetail = z.infer<typeof outlineLessonDetailSchema>
export type PlayerOutline = CourseOutline & { lesson: LessonDetail | null }

/** With asLearner, a member of the course's school gets the lesson as a learner who enrolled today would. */
export async function getPlayerOutline(
  client: SupabaseClient,
  slug: string,
  lessonId: string,
  asLearner = false,
): Promise<PlayerOutline> {
  const args = { slug, lesson_id: lessonId }
  const { data, error } = await client.rpc('course_outline', asLearner ? { ...args, as_learner: true } : args)
  if (error) throw error
  const outline = courseOutlineSchema.parse(data)
  return { ...outline, lesson: outline.lesson ?? null }
}

export interface LessonMedia {
  videoUrl: string | null
  captionsUrl: string | null
}

/**
 * Media URLs live minutes, not hours: a learner who is removed keeps at most this long of access to a URL they
 * already hold. The player signs again before they expire, and when one runs out mid-lesson.
 */
export const SIGNED_URL_TTL_S = 300

export async function getLessonMedia(
  client: SupabaseClient,
  paths: { videoPath: string | null; captionsPath: string | null },
): Promise<LessonMedia> {
  const wanted = [paths.videoPath, paths.captionsPath].filter((p): p is string => Boolean(p))
  if (wanted.length === 0) return { videoUrl: null, captionsUrl: null }
  const { data, error } = await client.storage.from('course-media').createSignedUrls(wanted, SIGNED_URL_TTL_S)
  if (error) throw error
  const urlFor = (path: string | null) => {
    if (!path) return null
    const entry = data.find((item) => item.path === path)
    if (!entry || entry.error || !entry.signedUrl) throw new Error(`The lesson's media could not be opened.`)
    return entry.signedUrl
  }
  return { videoUrl: urlFor(paths.videoPath), captionsUrl: urlFor(paths.captionsPath) }
}
