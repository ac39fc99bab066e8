// Uploads a file to Storage with progress. supabase-js's upload reports none, so this POSTs to Storage's REST
// endpoint with XMLHttpRequest (whose upload.onprogress does), as the signed-in user: the bucket's policies decide.
// A refusal is classified from the status and Storage's error body; each caller words it for its own screen.
import { supabasePublishableKey, supabaseUrl } from '@/lib/supabase'

export type UploadFailure = 'too_big' | 'wrong_type' | 'signed_out' | 'forbidden' | 'network' | 'cancelled' | 'other'

export class StorageUploadError extends Error {
  constructor(
    readonly failure: UploadFailure,
    readonly status: number,
  ) {
    super(`upload failed: ${failure}`)
    this.name = 'StorageUploadError'
  }
}

/** Storage's error body (`{statusCode, error, message}`) and the HTTP status, as what went wrong. */
export function uploadFailureOf(status: number, body: string): UploadFailure {
  let code = ''
  try {
    const parsed = JSON.parse(body) as { statusCode?: string; error?: string }
    code = `${parsed.statusCode ?? ''} ${parsed.error ?? ''}`
  } catch {
    // not JSON: the status alone decides
  }
  if (status === 413 || /413|EntityTooLarge|too large/i.test(code)) return 'too_big'
  if (status === 415 || /415|InvalidMimeType|invalid_mime_type/i.test(code)) return 'wrong_type'
  if (status === 401) return 'signed_out'
  if (status === 403 || /403|Unauthorized/.test(code)) return 'forbidden'
  if (status === 0) return 'network'
  return 'other'
}

export interface StorageUploadOptions {
  accessToken: string
  bucket: string
  path: string
  body: Blob
  /** Replace an object already at the path. */
  upsert?: boolean
  cacheControl: string
  /** Called with 0-100 as bytes go out. */
  onProgress: (percent: number) => void
  signal?: AbortSignal
}

export function uploadWithProgress(options: StorageUploadOptions): Promise<void> {
  const { accessToken, bucket, path, body, upsert, cacheControl, onProgress, signal } = options
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const encodedPath = path.split('/').map(encodeURIComponent).join('/')
    xhr.open('POST', `${supabaseUrl}/storage/v1/object/${bucket}/${encodedPath}`)
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`)
    xhr.setRequestHeader('apikey', supabasePublishableKey)
    if (upsert) xhr.setRequestHeader('x-upsert', 'true')
    xhr.setRequestHeader('Content-Type', body.type)
    xhr.setRequestHeader('cache-control', cacheControl)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress((event.loaded / event.total) * 100)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve()
      } else reject(new StorageUploadError(uploadFailureOf(xhr.status, xhr.responseText), xhr.status))
    }
    xhr.onerror = () => reject(new StorageUploadError('network', 0))
    xhr.onabort = () => reject(new StorageUploadError('cancelled', 0))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(body)
  })
}
