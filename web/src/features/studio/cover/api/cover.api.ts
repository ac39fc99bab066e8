// A course's cover: reading and setting courses.cover_path, and uploading the cropped image to the public
// course-covers bucket under `{course_id}/` with progress (supabase-js's upload reports none, so XMLHttpRequest
// posts to Storage's REST endpoint as the signed-in user; the bucket's policies let only the school's members write).
import { supabase, supabasePublishableKey, supabaseUrl, type SupabaseClient } from '@/lib/supabase'
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

function uploadErrorMessage(status: number, body: string): string {
  let code = ''
  try {
    const parsed = JSON.parse(body) as { statusCode?: string; error?: string }
    code = `${parsed.statusCode ?? ''} ${parsed.error ?? ''}`
  } catch {
    // not JSON: the status alone decides
  }
  if (status === 413 || /413|EntityTooLarge|too large/i.test(code)) return coverRules.tooBig
  if (status === 415 || /415|InvalidMimeType|invalid_mime_type/i.test(code)) return coverRules.wrongType
  if (status === 401) return 'Your session has ended. Sign in again to upload a cover.'
  if (status === 403 || /403|Unauthorized/.test(code))
    return 'Only members of this course’s school can change its cover.'
  if (status === 0) return 'The upload failed. Check your connection and try again.'
  return 'The upload failed. Please try again.'
}

export interface UploadCoverOptions {
  accessToken: string
  path: string
  image: Blob
  /** 0-100 as bytes go out. */
  onProgress: (percent: number) => void
  signal?: AbortSignal
}

export function uploadCover({ accessToken, path, image, onProgress, signal }: UploadCoverOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const encoded = path.split('/').map(encodeURIComponent).join('/')
    xhr.open('POST', `${supabaseUrl}/storage/v1/object/${coverBucket}/${encoded}`)
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`)
    xhr.setRequestHeader('apikey', supabasePublishableKey)
    xhr.setRequestHeader('Content-Type', image.type)
    // Each upload has its own name, so the file never changes under its URL and may be cached for long.
    xhr.setRequestHeader('cache-control', 'max-age=31536000')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(path)
      } else reject(new CoverUploadError(uploadErrorMessage(xhr.status, xhr.responseText), xhr.status))
    }
    xhr.onerror = () => reject(new CoverUploadError(uploadErrorMessage(0, ''), 0))
    xhr.onabort = () => reject(new CoverUploadError('The upload was cancelled.', 0))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(image)
  })
}
