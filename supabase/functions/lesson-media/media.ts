// What POST /functions/v1/lesson-media does: reads the lesson's media paths and signs them, both as the caller, so
// the content policies (enrolled learners, the school's staff, anyone for a preview lesson, never a locked lesson)
// decide exactly as when the web app signs a path itself. What it saves is a round trip: the player asks for this
// beside the outline, instead of signing the outline's paths after it has arrived.
import { HttpError } from '../_shared/http.ts'
import { projectRelative } from '../_shared/storage-url.ts'
import type { Client } from '../_shared/supabase.ts'

export const MEDIA_BUCKET = 'course-media'

/** As the web app's own signing: a learner who is removed keeps a URL they already hold minutes, not hours. */
export const SIGNED_URL_TTL_S = 300

export interface LessonMediaAnswer {
  video_path: string | null
  captions_path: string | null
  /** Relative to the project's URL (`/storage/v1/object/sign/…`): see _shared/storage-url.ts. */
  video_url: string | null
  captions_url: string | null
  expires_in: number
}

export async function lessonMedia(client: Client, lessonId: string): Promise<LessonMediaAnswer> {
  const { data, error, status } = await client
    .from('lesson_contents')
    .select('video_path, captions_path')
    .eq('lesson_id', lessonId)
    .maybeSingle()
  // The Data API refused the token (expired, signed by another project): the caller signs in again.
  if (status === 401) throw new HttpError(401, 'not_signed_in', 'Your session has ended. Sign in again.')
  if (error) throw error
  // Unknown, locked and not-yours look alike: the policies hide all three, and telling them apart would say which
  // lesson ids exist.
  if (!data) throw new HttpError(403, 'lesson_locked', 'This lesson is not open to you.')
  const answer: LessonMediaAnswer = {
    video_path: data.video_path,
    captions_path: data.captions_path,
    video_url: null,
    captions_url: null,
    expires_in: SIGNED_URL_TTL_S,
  }
  const paths = [data.video_path, data.captions_path].filter((path): path is string => Boolean(path))
  if (paths.length === 0) return answer
  const signed = await client.storage.from(MEDIA_BUCKET).createSignedUrls(paths, SIGNED_URL_TTL_S)
  if (signed.error) throw signed.error
  const urlFor = (path: string | null) => {
    if (!path) return null
    const entry = signed.data.find((item) => item.path === path)
    // A path the content names but Storage does not have (the upload never finished) plays as no video.
    return entry && !entry.error && entry.signedUrl ? projectRelative(entry.signedUrl) : null
  }
  return { ...answer, video_url: urlFor(data.video_path), captions_url: urlFor(data.captions_path) }
}
