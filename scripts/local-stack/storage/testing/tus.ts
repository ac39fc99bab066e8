// TUS clients for the resumable-upload tests: tus-js-client (what Supabase's docs tell apps to use, configured as
// they say: 6 MiB chunks, Upload-Metadata with bucketName, objectName, contentType, cacheControl) and bare requests
// for the edges the client hides (the upload URL, offsets after a cut, concurrent PATCHes, exact refusals).
import { Upload, type DetailedError, type UploadOptions } from 'tus-js-client'
import type { Harness } from './harness.ts'

export const chunkSize = 6 * 1024 * 1024

export interface TusTarget {
  bucket: string
  name: string
  contentType?: string
  cacheControl?: string
  userMetadata?: Record<string, unknown>
  upsert?: boolean
}

function metadataOf(target: TusTarget): Record<string, string> {
  return {
    bucketName: target.bucket,
    objectName: target.name,
    ...(target.contentType !== undefined && { contentType: target.contentType }),
    ...(target.cacheControl !== undefined && { cacheControl: target.cacheControl }),
    ...(target.userMetadata && { metadata: JSON.stringify(target.userMetadata) }),
  }
}

/** The Upload-Metadata header: comma-separated "key base64(value)" pairs. */
export function metadataHeader(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')
}

/** A tus-js-client upload that never retries, so a refusal surfaces as the DetailedError it got. */
export function tusUpload(
  h: Harness,
  token: string,
  data: Buffer,
  target: TusTarget,
  options: Partial<UploadOptions> = {},
): { upload: Upload; done: Promise<void> } {
  let upload!: Upload
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(data, {
      endpoint: `${h.storageUrl}/upload/resumable`,
      chunkSize,
      retryDelays: null,
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      headers: { authorization: `Bearer ${token}`, ...(target.upsert && { 'x-upsert': 'true' }) },
      metadata: metadataOf(target),
      onError: reject,
      onSuccess: () => resolve(),
      ...options,
    })
  })
  done.catch(() => {})
  upload.start()
  return { upload, done }
}

/** What a refused tus-js-client upload was answered. */
export function refusal(error: unknown): { status: number; body: string } {
  const response = (error as DetailedError).originalResponse
  if (!response) throw error
  return { status: response.getStatus(), body: response.getBody() }
}

export function tusHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, ...extra }
}

/** POST /upload/resumable without a body: the Response (Location names the upload). */
export function createUpload(h: Harness, token: string, length: number, target: TusTarget): Promise<Response> {
  return fetch(`${h.storageUrl}/upload/resumable`, {
    method: 'POST',
    headers: tusHeaders(token, {
      'upload-length': String(length),
      'upload-metadata': metadataHeader(metadataOf(target)),
      ...(target.upsert && { 'x-upsert': 'true' }),
    }),
  })
}

export function patchUpload(url: string, token: string, offset: number, body: Buffer | ReadableStream) {
  return fetch(url, {
    method: 'PATCH',
    headers: tusHeaders(token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    body,
    ...(!(body instanceof Buffer) && { duplex: 'half' }),
  } as RequestInit)
}

export async function uploadOffset(url: string, token: string): Promise<number | string> {
  const res = await fetch(url, { method: 'HEAD', headers: tusHeaders(token) })
  return res.status === 200 ? Number(res.headers.get('upload-offset')) : res.status
}
