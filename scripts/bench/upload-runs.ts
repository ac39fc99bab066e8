// The two runs of the upload benchmark, each one tus-js-client upload as Supabase's docs configure it (6 MiB
// chunks, Upload-Metadata naming bucket and object): straight through, and cut mid-PATCH then resumed from the
// upload URL, timing how soon after the cut the server's offset is known and a new chunk is acknowledged.
import type { ReadStream } from 'node:fs'
import { Upload, type UploadOptions } from 'tus-js-client'

export interface Endpoint {
  /** …/storage/v1/upload/resumable */
  url: string
  token: string
  bucket: string
  /** A fresh stream over the source file (tus-js-client reads each chunk from its path). */
  open(): ReadStream
  size: number
}

function run(
  endpoint: Endpoint,
  name: string,
  options: Partial<UploadOptions>,
): { upload: Upload; done: Promise<void> } {
  let upload!: Upload
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(endpoint.open(), {
      endpoint: endpoint.url,
      chunkSize: 6 * 1024 * 1024,
      uploadSize: endpoint.size,
      retryDelays: null,
      uploadDataDuringCreation: true,
      headers: { authorization: `Bearer ${endpoint.token}`, 'x-upsert': 'true' },
      metadata: { bucketName: endpoint.bucket, objectName: name, contentType: 'video/mp4' },
      onError: reject,
      onSuccess: () => resolve(),
      ...options,
    })
  })
  done.catch(() => {})
  upload.start()
  return { upload, done }
}

export async function straightUpload(endpoint: Endpoint, name: string): Promise<{ ms: number; patches: number }> {
  let patches = 0
  const started = performance.now()
  await run(endpoint, name, {
    onAfterResponse: (req) => {
      if (req.getMethod() === 'PATCH' || req.getMethod() === 'POST') patches++
    },
  }).done
  return { ms: performance.now() - started, patches }
}

export interface Resumed {
  /** The whole upload, both halves and the pause between them. */
  ms: number
  /** Bytes the client had sent when the connection was cut, and bytes the server kept. */
  cutAt: number
  kept: number
  /** From the cut to the HEAD answer with the offset, and to the first chunk acknowledged after it. */
  offsetMs: number
  flowingMs: number
}

export async function resumeAfterCut(endpoint: Endpoint, name: string, fraction: number): Promise<Resumed> {
  const started = performance.now()
  let cut: { at: number; time: number } | undefined
  const first = run(endpoint, name, {
    onProgress: (sent) => {
      if (cut || sent < endpoint.size * fraction) return
      cut = { at: sent, time: performance.now() }
      // abort() drops the PATCH in flight: the server sees its connection end mid-body, as with a lost network.
      void first.upload.abort()
    },
  })
  await new Promise<void>((resolve, reject) => {
    const wait = setInterval(() => cut && (clearInterval(wait), resolve()), 5)
    first.done.then(() => reject(new Error('the upload finished before it could be cut')), reject)
  })
  let offsetMs = 0
  let flowingMs = 0
  let kept = 0
  await run(endpoint, name, {
    uploadUrl: first.upload.url,
    onAfterResponse: (req, res) => {
      if (req.getMethod() !== 'HEAD') return
      offsetMs = performance.now() - cut!.time
      kept = Number(res.getHeader('Upload-Offset'))
    },
    onChunkComplete: () => {
      flowingMs ||= performance.now() - cut!.time
    },
  }).done
  return { ms: performance.now() - started, cutAt: cut!.at, kept, offsetMs, flowingMs }
}
