// The file inside an upload request, as storage-api's fileUploadFromRequest reads it: a multipart form (fields
// cacheControl, metadata and contentType before the first file part) or a raw body (content-type, cache-control,
// base64 x-metadata). Types are checked against the bucket here, before any byte is stored; nothing is buffered.
import type { IncomingMessage } from 'node:http'
import { PassThrough, type Readable } from 'node:stream'
import busboy from 'busboy'
import { errors, type StorageError } from './errors.ts'
import { discardBody } from './http.ts'
import { formCacheControl, headerCacheControl, normalizeMimeType, validateMimeType } from './validate.ts'

export interface IncomingUpload {
  body: Readable
  mimeType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | undefined
  /** The declared Content-Length of a raw body (policies may read it as metadata). */
  contentLength: number | undefined
  /** Settles once the whole request is read: a multipart form must reach its closing boundary. */
  finished: Promise<void>
  /** Stops reading the request and drops the rest of it. */
  abandon(): void
}

export interface IncomingLimits {
  maxBytes: number
  /** Empty: any type. */
  allowedMimeTypes: string[]
}

const maxUserMetadata = 1024 * 1024

export async function readIncoming(req: IncomingMessage, limits: IncomingLimits): Promise<IncomingUpload> {
  if (req.destroyed || req.readableEnded) {
    throw errors.noContent('Request stream closed before upload could begin')
  }
  const type = req.headers['content-type']
  return type?.toLowerCase().startsWith('multipart/form-data') ? readMultipart(req, limits) : readRaw(req, limits)
}

function checkType(mimeType: string, limits: IncomingLimits): void {
  if (limits.allowedMimeTypes.length > 0) validateMimeType(mimeType, limits.allowedMimeTypes)
}

async function readRaw(req: IncomingMessage, limits: IncomingLimits): Promise<IncomingUpload> {
  const mimeType = normalizeMimeType(req.headers['content-type'] || 'application/octet-stream')
  checkType(mimeType, limits)
  const cacheControl = headerCacheControl(req.headers['cache-control'])
  const declared = Number(req.headers['content-length'])
  const contentLength = Number.isFinite(declared) && declared >= 0 ? declared : undefined
  if (contentLength !== undefined && contentLength > limits.maxBytes) throw errors.entityTooLarge()
  const header = req.headers['x-metadata']
  return {
    body: bodyOf(req),
    mimeType,
    cacheControl,
    userMetadata:
      typeof header === 'string' ? parseJsonObject(Buffer.from(header, 'base64').toString('utf8')) : undefined,
    contentLength,
    finished: Promise.resolve(),
    abandon: () => discardBody(req),
  }
}

/**
 * The request body behind a PassThrough: a failed upload (too large, refused) destroys the streams of its pipeline,
 * and the request is kept out of that so its connection stays ours, to answer and to drop the rest of the body.
 * A request that closes before its end fails the proxy, so the upload sees the hang-up.
 */
export function bodyOf(req: IncomingMessage): Readable {
  const proxy = new PassThrough()
  const onClose = () => {
    if (!req.readableEnded) proxy.destroy(new Error('Request stream closed before upload could complete'))
  }
  req.once('close', onClose)
  proxy.once('close', () => {
    req.unpipe(proxy)
    req.off('close', onClose)
  })
  req.pipe(proxy)
  return proxy
}

function readMultipart(req: IncomingMessage, limits: IncomingLimits): Promise<IncomingUpload> {
  let form: busboy.Busboy
  try {
    // One byte over the limit, so that a file of exactly the limit passes and the meter sees the excess.
    form = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: limits.maxBytes + 1, fieldSize: 2 * 1024 ** 2 },
    })
  } catch (error) {
    throw errors.noContent((error as Error).message)
  }
  const fields: Record<string, string> = {}
  const finished = new Promise<void>((resolve, reject) => {
    form.once('close', resolve)
    // `on`, not `once`: busboy can report more than one error, and an unheard one would crash the process.
    form.on('error', reject)
  })
  finished.catch(() => {}) // also observed through the file stream; never an unhandled rejection
  const abandon = () => {
    req.unpipe(form)
    discardBody(req)
  }
  return new Promise<IncomingUpload>((resolve, reject) => {
    let found = false
    const fail = (error: StorageError) => {
      abandon()
      if (!found) reject(error)
    }
    form.on('field', (name, value) => (fields[name] = value))
    form.on('error', (error: Error) => fail(errors.noContent(error.message)))
    form.once('close', () => found || fail(errors.noContent()))
    // A client that hangs up mid-form never ends the pipe into busboy, so the file part would wait forever with its
    // temporary file open: end the form with an error instead, which fails the file stream and the upload with it.
    const onClose = () => {
      if (!req.readableEnded) form.destroy(new Error('Request stream closed before upload could complete'))
    }
    req.once('close', onClose)
    form.once('close', () => req.off('close', onClose))
    form.once('file', (_name, file, info) => {
      found = true
      // Heard until the upload pipes it: a broken form can fail the stream while RLS is still being checked.
      file.on('error', () => {})
      const metadata = fields.metadata ?? fields.userMetadata
      let mimeType: string
      let cacheControl: string
      try {
        // Checked here, not at download: a CR or LF in either would make every download of the object fail.
        mimeType = normalizeMimeType(fields.contentType || info.mimeType)
        cacheControl = formCacheControl(fields.cacheControl)
        checkType(mimeType, limits)
        if (metadata !== undefined && Buffer.byteLength(metadata) > maxUserMetadata) {
          throw errors.entityTooLarge('user_metadata')
        }
      } catch (error) {
        file.resume()
        abandon()
        return reject(error as StorageError)
      }
      resolve({
        body: file,
        mimeType,
        cacheControl,
        userMetadata: metadata === undefined ? undefined : parseJsonObject(metadata),
        contentLength: undefined,
        finished,
        abandon: () => {
          file.resume()
          abandon()
        },
      })
    })
    req.pipe(form)
  })
}

/** storage-api ignores user metadata it cannot parse (or that is not an object): undefined then. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
