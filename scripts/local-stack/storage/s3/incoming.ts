// The file of a PutObject (or of a part): the raw body, decoded from aws-chunked when the client streamed it (its
// chunk signatures checked), with the type, Cache-Control and x-amz-meta-* user metadata from the headers, in the
// shape the Storage service's uploader reads (incoming.ts).
import type { IncomingHttpHeaders } from 'node:http'
import { pipeline, type Readable } from 'node:stream'
import { errors } from '../errors.ts'
import { discardBody } from '../http.ts'
import { bodyOf, type IncomingLimits, type IncomingUpload } from '../incoming.ts'
import { headerCacheControl, normalizeMimeType, validateMimeType } from '../validate.ts'
import { ChunkedDecoder, isChunkedUpload, isSignedChunks } from './chunked.ts'
import type { S3Request } from './context.ts'
import { chunkScope, chunkSigningKey } from './signature.ts'

const metaPrefix = 'x-amz-meta-'

/** storage-api's parseMetadataHeaders: every x-amz-meta-* header, by the rest of its name; undefined when none. */
export function metadataFromHeaders(headers: IncomingHttpHeaders): Record<string, string> | undefined {
  let metadata: Record<string, string> | undefined
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(metaPrefix) || typeof value !== 'string') continue
    metadata = { ...metadata, [name.slice(metaPrefix.length)]: value }
  }
  return metadata
}

/** The body's length without aws-chunked framing: x-amz-decoded-content-length when streamed, else Content-Length. */
export function declaredLength(request: S3Request): number | undefined {
  const headers = request.req.headers
  const raw = isChunkedUpload(request.auth.signature.contentSha)
    ? headers['x-amz-decoded-content-length']
    : headers['content-length']
  const value = Number(raw)
  return raw !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** The request body without aws-chunked framing (each chunk's signature checked when the stream is signed). */
export function s3Body(request: S3Request): Readable {
  const { signature, server } = request.auth
  const raw = bodyOf(request.req)
  if (!isChunkedUpload(signature.contentSha)) return raw
  const signing = isSignedChunks(signature.contentSha)
    ? {
        key: chunkSigningKey(signature, server),
        longDate: signature.longDate,
        scope: chunkScope(signature, server),
        seed: signature.signature,
      }
    : undefined
  // A failure on either side ends both: a broken request fails the decoder, a refused upload stops the reading.
  return pipeline(raw, new ChunkedDecoder(signing), () => {})
}

export async function s3Incoming(request: S3Request, limits: IncomingLimits): Promise<IncomingUpload> {
  const { req } = request
  const mimeType = normalizeMimeType(req.headers['content-type'] || 'application/octet-stream')
  if (limits.allowedMimeTypes.length > 0) validateMimeType(mimeType, limits.allowedMimeTypes)
  const cacheControl = headerCacheControl(req.headers['cache-control'])
  const contentLength = declaredLength(request)
  if (contentLength !== undefined && contentLength > limits.maxBytes) throw errors.entityTooLarge()
  return {
    body: s3Body(request),
    mimeType,
    cacheControl,
    userMetadata: metadataFromHeaders(req.headers),
    contentLength,
    finished: Promise.resolve(),
    abandon: () => discardBody(req),
  }
}
