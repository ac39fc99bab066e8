// Uploads an avatar with progress. supabase-js's upload reports no progress, so this POSTs the file to
// Storage's REST endpoint with XMLHttpRequest (whose upload.onprogress does), as the signed-in user:
// the bucket policy lets a user write only under `{user_id}/`, and `x-upsert` replaces an older file.
import { supabaseUrl, supabasePublishableKey } from '@/lib/supabase'
import { avatarRules } from '../schemas/avatar.schemas'

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

/** A storage-safe file name: lower case letters, digits, dots, dashes and underscores only. */
export function sanitizeFileName(name: string): string {
  // Only the last segment: a name can never reach outside the user's folder.
  const base = name.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  const stem = dot > 0 ? base.slice(0, dot) : base
  const extension = dot > 0 ? base.slice(dot + 1) : ''
  const clean = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
  const safeStem = clean(stem).slice(0, 60) || 'avatar'
  const safeExtension = clean(extension).slice(0, 8)
  return safeExtension ? `${safeStem}.${safeExtension}` : safeStem
}

export function avatarPath(userId: string, fileName: string): string {
  return `${userId}/${sanitizeFileName(fileName)}`
}

/** Storage's error body (`{statusCode, error, message}`) as a sentence. */
function uploadErrorMessage(status: number, body: string): string {
  let code = ''
  try {
    const parsed = JSON.parse(body) as { statusCode?: string; error?: string }
    code = `${parsed.statusCode ?? ''} ${parsed.error ?? ''}`
  } catch {
    // not JSON: fall back to the status alone
  }
  if (status === 413 || /413|EntityTooLarge|too large/i.test(code)) return avatarRules.tooBig
  if (status === 415 || /415|InvalidMimeType|invalid_mime_type/i.test(code)) return avatarRules.wrongType
  if (status === 401) return 'Your session has ended. Sign in again to upload a picture.'
  if (status === 403 || /403|Unauthorized/.test(code)) return "You don't have permission to upload this picture."
  if (status === 0) return 'The upload failed. Check your connection and try again.'
  return 'The upload failed. Please try again.'
}

export interface UploadAvatarOptions {
  accessToken: string
  path: string
  file: File
  /** Called with 0-100 as bytes go out. */
  onProgress: (percent: number) => void
  signal?: AbortSignal
}

export function uploadAvatar({ accessToken, path, file, onProgress, signal }: UploadAvatarOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const encodedPath = path.split('/').map(encodeURIComponent).join('/')
    xhr.open('POST', `${supabaseUrl}/storage/v1/object/avatars/${encodedPath}`)
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`)
    xhr.setRequestHeader('apikey', supabasePublishableKey)
    xhr.setRequestHeader('x-upsert', 'true')
    xhr.setRequestHeader('Content-Type', file.type)
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(path)
      } else reject(new UploadError(uploadErrorMessage(xhr.status, xhr.responseText), xhr.status))
    }
    xhr.onerror = () => reject(new UploadError(uploadErrorMessage(0, ''), 0))
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(file)
  })
}
