// The player's reads: the lesson's content (its `lesson_contents` row, beside the course's outline, which the player
// shares with the course page: lib/courses/course-outline-call.ts), and short-lived signed URLs for the lesson's video
// and captions in the private `course-media` bucket: signed by lesson id beside the outline and the content (the
// `lesson-media` function), or from the content's paths after it.
import { lessonContentSchema, type LessonContent } from '@/lib/courses/course-outline.schema'
import { earlyAnswer, LESSON_CONTENT_COLUMNS } from '@/lib/early-requests'
import { supabaseUrl, type SupabaseClient } from '@/lib/supabase'

/**
 * The lesson's content, or null where there is none to read: a lesson whose text was never written has no row, and
 * row-level security hides the row of a lesson the caller may not open (the outline's lock rule, held equal to the
 * policy by the database's tests). Taken from the boot script's early request for the lesson's address when it has it.
 */
export async function getLessonContent(client: SupabaseClient, lessonId: string): Promise<LessonContent | null> {
  const early = await earlyAnswer(client, 'lesson_contents', { lesson_id: lessonId })
  if (early?.ok && Array.isArray(early.body)) return parseContent(early.body[0] ?? null)
  const { data, error } = await client
    .from('lesson_contents')
    .select(LESSON_CONTENT_COLUMNS)
    .eq('lesson_id', lessonId)
    .maybeSingle()
  if (error) throw error
  return parseContent(data)
}

const parseContent = (row: unknown) => (row === null ? null : lessonContentSchema.parse(row))

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
