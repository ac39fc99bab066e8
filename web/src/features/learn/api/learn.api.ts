// The player's reads: the course outline with the open lesson's content and neighbours (one `course_outline` call),
// and short-lived signed URLs for the lesson's video and captions in the private `course-media` bucket: signed by
// lesson id beside the outline (the `lesson-media` function), or from the outline's paths after it.
import { courseOutlineSchema, type CourseOutline } from '@/lib/courses/course-outline.schema'
import type { outlineLessonDetailSchema } from '@/lib/courses/course-outline.schema'
import { callCourseOutline } from '@/lib/courses/course-outline-call'
import { earlyAnswer } from '@/lib/early-requests'
import { supabaseUrl, type SupabaseClient } from '@/lib/supabase'
import type * as z from 'zod/mini'

export type LessonDetail = z.infer<typeof outlineLessonDetailSchema>
export type PlayerOutline = CourseOutline & { lesson: LessonDetail | null }

/** With asLearner, a member of the course's school gets the lesson as a learner who enrolled today would. */
export async function getPlayerOutline(
  client: SupabaseClient,
  slug: string,
  lessonId: string,
  asLearner = false,
): Promise<PlayerOutline> {
  const args = asLearner ? { slug, lesson_id: lessonId, as_learner: true } : { slug, lesson_id: lessonId }
  const outline = courseOutlineSchema.parse(await callCourseOutline(client, args))
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

export interface LessonMediaById extends LessonMedia {
  videoPath: string | null
  captionsPath: string | null
}

interface LessonMediaAnswer {
  video_path: string | null
  captions_path: string | null
  video_url: string | null
  captions_url: string | null
}

/** The function answers URLs relative to the project (it may reach the API at an address browsers cannot). */
function projectUrl(relative: string | null): string | null {
  return relative === null ? null : new URL(relative, supabaseUrl).href
}

/**
 * The lesson's media signed by its id, in one call that needs nothing from the outline, so the player can ask for it
 * beside the outline. Refused (`lesson_locked`) for a lesson the caller may not play.
 */
export async function getLessonMediaById(client: SupabaseClient, lessonId: string): Promise<LessonMediaById> {
  // A refusal is asked again: functions-js builds its error from the Response, which the early answer does not keep.
  const early = await earlyAnswer(client, 'lesson-media', { lesson_id: lessonId })
  const data = early?.ok ? (early.body as LessonMediaAnswer) : await invokeLessonMedia(client, lessonId)
  return {
    videoPath: data.video_path,
    captionsPath: data.captions_path,
    videoUrl: projectUrl(data.video_url),
    captionsUrl: projectUrl(data.captions_url),
  }
}

async function invokeLessonMedia(client: SupabaseClient, lessonId: string): Promise<LessonMediaAnswer> {
  const { data, error } = await client.functions.invoke<LessonMediaAnswer>('lesson-media', {
    body: { lesson_id: lessonId },
  })
  if (error) throw error
  if (!data) throw new Error('lesson-media answered without a body')
  return data
}
