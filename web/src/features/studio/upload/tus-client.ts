// The browser's TUS client for Storage's resumable uploads, configured as Supabase's docs configure tus-js-client
// (endpoint /storage/v1/upload/resumable, 6 MiB chunks, data in the creation request, bucketName/objectName/
// contentType/cacheControl metadata). The access token is read before every request, so a long upload outlives
// the token it started with, and the upload URL is remembered per object so a reload can pick it up again.
// tus-js-client itself (about 12 KiB gzip) loads when an upload starts or the remembered ones are read, not with the
// lesson editor's page.
import type { DetailedError, PreviousUpload } from 'tus-js-client'
import { supabase, supabasePublishableKey, supabaseUrl } from '@/lib/supabase'
import { isRetryableStatus } from './upload-machine'

export const tusEndpoint = `${supabaseUrl}/storage/v1/upload/resumable`
export const tusChunkSize = 6 * 1024 * 1024

export interface ResumableTarget {
  bucket: string
  objectName: string
  contentType: string
}

export interface ResumableCallbacks {
  onProgress: (sent: number, total: number) => void
  /** The connection dropped and the client is trying again (1-based attempt). */
  onRetry: (attempt: number) => void
  /** The upload stopped: `status` is the server's answer, undefined when none came. */
  onError: (status: number | undefined, body: string) => void
  onSuccess: () => void
}

export interface ResumableUpload {
  /** Starts, or resumes this object's unfinished upload of the same file (after a reload too). */
  start: () => Promise<void>
  pause: () => Promise<void>
  /** Stops and deletes the unfinished upload on the server. */
  cancel: () => Promise<void>
}

// The object is part of the fingerprint: the same file chosen for two lessons is two uploads.
const fingerprintOf = (file: File, objectName: string) =>
  ['summit-tus', objectName, file.name, file.type, file.size, file.lastModified, tusEndpoint].join('|')

export function createResumableUpload(
  file: File,
  target: ResumableTarget,
  callbacks: ResumableCallbacks,
): ResumableUpload {
  let created: ReturnType<typeof createUpload> | undefined
  // A failed load (the network dropped) is not kept: starting again loads again.
  const client = () =>
    (created ??= createUpload(file, target, callbacks).catch((error: unknown) => {
      created = undefined
      throw error
    }))
  return {
    start: async () => {
      const upload = await client()
      if (!upload.url) {
        const previous = await upload.findPreviousUploads()
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0]
        if (latest) upload.resumeFromPreviousUpload(latest)
      }
      upload.start()
    },
    // Nothing to stop before an upload was made (or when making it failed).
    pause: async () => (await created?.catch(() => undefined))?.abort(),
    cancel: async () => (await created?.catch(() => undefined))?.abort(true),
  }
}

async function createUpload(file: File, target: ResumableTarget, callbacks: ResumableCallbacks) {
  const { Upload } = await import('tus-js-client')
  return new Upload(file, {
    endpoint: tusEndpoint,
    // The docs' delays: an immediate retry, then 3, 5, 10 and 20 seconds.
    retryDelays: [0, 3000, 5000, 10000, 20000],
    chunkSize: tusChunkSize,
    uploadDataDuringCreation: true,
    removeFingerprintOnSuccess: true,
    // Replacing the lesson's video is the point of uploading another.
    headers: { apikey: supabasePublishableKey, 'x-upsert': 'true' },
    metadata: {
      bucketName: target.bucket,
      objectName: target.objectName,
      contentType: target.contentType,
      cacheControl: '3600',
    },
    fingerprint: (f) => Promise.resolve(fingerprintOf(f as File, target.objectName)),
    onBeforeRequest: async (req) => {
      const { data } = await supabase.auth.getSession()
      const token = data.session?.access_token ?? supabasePublishableKey
      req.setHeader('authorization', `Bearer ${token}`)
    },
    onShouldRetry: (error, attempt) => {
      const status = error.originalResponse?.getStatus()
      const retry = isRetryableStatus(status) && navigator.onLine
      if (retry) callbacks.onRetry(attempt + 1)
      return retry
    },
    onProgress: callbacks.onProgress,
    onError: (error) => {
      const response = (error as DetailedError).originalResponse
      callbacks.onError(response?.getStatus() || undefined, response?.getBody() ?? '')
    },
    onSuccess: () => callbacks.onSuccess(),
  })
}

// Unfinished uploads expire on the server (an hour by default); a day-old record is certainly stale.
const rememberedForMs = 24 * 60 * 60 * 1000

async function rememberedUnder(prefix: string): Promise<PreviousUpload[]> {
  const { defaultOptions } = await import('tus-js-client')
  const all = await defaultOptions.urlStorage.findAllUploads()
  return all.filter((entry) => entry.metadata.objectName?.startsWith(prefix))
}

/** An unfinished upload this browser remembers for an object name starting with the prefix (e.g. a lesson's folder). */
export async function findUnfinishedUpload(prefix: string, now = Date.now()): Promise<PreviousUpload | null> {
  const recent = (await rememberedUnder(prefix)).filter(
    (entry) => now - new Date(entry.creationTime).getTime() < rememberedForMs,
  )
  return recent.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0] ?? null
}

/** After a finished upload, earlier unfinished ones for the same place (other files) are no longer worth resuming. */
export async function forgetUnfinishedUploads(prefix: string): Promise<void> {
  const { defaultOptions } = await import('tus-js-client')
  const entries = await rememberedUnder(prefix)
  await Promise.all(entries.map((entry) => defaultOptions.urlStorage.removeUpload(entry.urlStorageKey)))
}
