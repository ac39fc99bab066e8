// Small files of a lesson in the course-media bucket (captions, PDF attachments), sent in one request each; the
// video goes through the resumable upload instead. Storage's refusals come back as errors with its message.
import type { SupabaseClient } from '@/lib/supabase'
import { mediaBucket } from '../upload/media-rules'

export async function uploadLessonFile(
  client: SupabaseClient,
  path: string,
  file: Blob,
  options: { contentType: string; upsert: boolean },
) {
  const { error } = await client.storage
    .from(mediaBucket)
    .upload(path, file, { contentType: options.contentType, upsert: options.upsert, cacheControl: '3600' })
  if (error) throw error
}

/** Removal is tidying up after the lesson stopped pointing at the file: a failure leaves an unused object only. */
export async function removeLessonFiles(client: SupabaseClient, paths: string[]) {
  if (paths.length === 0) return
  const { error } = await client.storage.from(mediaBucket).remove(paths)
  if (error) throw error
}

export async function signedMediaUrl(client: SupabaseClient, path: string): Promise<string> {
  const { data, error } = await client.storage.from(mediaBucket).createSignedUrl(path, 3600)
  if (error) throw error
  return data.signedUrl
}
