// A course's cover: reading and setting courses.cover_path, and uploading the cropped image to the public
// course-covers bucket under `{course_id}/` with progress (lib/storage-upload.ts, as the signed-in user; the
// bucket's policies let only the school's members write).
import { StorageUploadError, uploadWithProgress, type UploadFailure } from '@/lib/storage-upload'
import { supabase, type SupabaseClient } from '@/lib/supabase'
import { coverRules } from '../lib/cover-rules'

export const coverBucket = 'course-covers'

export async function getCoverPath(client: SupabaseClient, courseId: string): Promise<string | null> {
  const { data, error } = await client.from('courses').select('cover_path').eq('id', courseId).maybeSingle()
  if (error) throw error
  return data?.cover_path ?? null
}

/** Points the course at its new cover; answers the course's new version for the details autosave. */
export async function setCoverPath(client: SupabaseClient, courseId: string, coverPath: string | null) {
  const { data, error } = await client
    .from('courses')
    .update({ cover_path: coverPath })
    .eq('id', courseId)
    .select('cover_path, updated_at')
    .single()
  if (error) throw error
  return data
}

/** Removes a replaced cover; a failure leaves an unused file, never a broken cover, so it is not an error. */
export async function removeCoverObject(client: SupabaseClient, path: string): Promise<void> {
  await client.storage.from(coverBucket).remove([path])
}

export function publicCoverUrl(path: string): string {
  return supabase.storage.from(coverBucket).getPublicUrl(path).data.publicUrl
}

export class CoverUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'CoverUploadError'
  }
}

const messages: Record<UploadFailure, string> = {
  too_big: coverRules.tooBig,
  wrong_type: coverRules.wrongType,
  signed_out: 'Your session has ended. Sign in again to upload a cover.',
  forbidden: 'Only members of this course’s school can change its cover.',
  network: 'The upload failed. Check your connection and try again.',
  cancelled: 'The upload was cancelled.',
  other: 'The upload failed. Please try again.',
}

export interface UploadCoverOptions {
  accessToken: string
  path: string
  image: Blob
  /** 0-100 as bytes go out. */
  onProgress: (percent: number) => void
  signal?: AbortSignal
}

/** Uploads the cropped cover and answers its path. */
export async function uploadCover({
  accessToken,
  path,
  image,
  onProgress,
  signal,
}: UploadCoverOptions): Promise<string> {
  try {
    await uploadWithProgress({
      accessToken,
      bucket: coverBucket,
      path,
      body: image,
      // Each upload has its own name, so the file never changes under its URL and may be cached for long.
      cacheControl: 'max-age=31536000',
      onProgress,
      signal,
    })
    return path
  } catch (error) {
    if (error instanceof StorageUploadError) throw new CoverUploadError(messages[error.failure], error.status)
    throw error
  }
}
