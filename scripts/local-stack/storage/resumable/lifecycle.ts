// The hooks through which @tus/server asks Storage what an upload may be, as storage-api's tus lifecycle answers:
// the upload is named after the object in Upload-Metadata (bucketName, objectName); the bucket's size limit caps it
// (404 for a missing bucket); every POST, PATCH and DELETE first passes an RLS dry run of the insert (or upsert with
// x-upsert) as the caller; creation checks contentType against the bucket and turns cacheControl seconds into
// max-age; the last byte makes it an object (complete.ts). Signed uploads (/upload/resumable/sign) carry the token of
// createSignedUploadUrl in x-signature instead. Errors go out as tus answers them: the status, then text.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type { ServerOptions } from '@tus/server'
import { ERRORS, type Upload } from '@tus/utils'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type StorageContext, type StorageRequest } from '../context.ts'
import { errors, StorageError } from '../errors.ts'
import { mustFindBucket, writeObject, type BucketLimits } from '../objects/rows.ts'
import { verifyObjectToken } from '../objects/signing.ts'
import { mustBeValidBucketName, mustBeValidKey, normalizeMimeType, validateMimeType } from '../validate.ts'
import { completeUpload } from './complete.ts'
import { decodeUploadId, storeIdOf, type UploadTarget } from './upload-id.ts'

/** One request to the tus server, with what the hooks learn along the way. */
export interface TusCall {
  request: StorageRequest
  /** The object the upload is for: from Upload-Metadata at creation, from the upload URL afterwards. */
  target?: UploadTarget
  bucket?: BucketLimits
  upsert: boolean
  /** The upload reached its last byte (committed or refused): its bytes and info go once the answer is out. */
  finished?: string
  /** A signed upload (/upload/resumable/sign): x-signature instead of a JWT, run as the server itself. */
  signed: boolean
}

type Request = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]

/** The Node request under srvx's web Request (tus hands the hooks the latter). */
export function nodeRequestOf(req: Request): IncomingMessage | undefined {
  return req.runtime?.node?.req as IncomingMessage | undefined
}

export function nodeResponseOf(req: Request): ServerResponse | undefined {
  return req.runtime?.node?.res as ServerResponse | undefined
}

function mustTarget(call: TusCall): UploadTarget {
  if (!call.target) throw ERRORS.FILE_NOT_FOUND
  return call.target
}

async function bucketOf(ctx: StorageContext, call: TusCall): Promise<BucketLimits> {
  call.bucket ??= await ctx.db.run(scopeOf(call.request, serviceCaller), (tx) =>
    mustFindBucket(tx, mustTarget(call).bucket),
  )
  return call.bucket
}

/** storage-api stores a numeric cacheControl as max-age and anything else as no-cache. */
function cacheControlOf(value: string | null | undefined): string {
  return /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache'
}

export function lifecycle(
  ctx: StorageContext,
  /** Where the tus file store keeps uploads. */
  dir: string,
  callOf: (req: Request) => TusCall,
): Pick<
  ServerOptions,
  | 'namingFunction'
  | 'getFileIdFromRequest'
  | 'maxSize'
  | 'onIncomingRequest'
  | 'onUploadCreate'
  | 'onUploadFinish'
  | 'onResponseError'
> {
  return {
    namingFunction(req, metadata) {
      const call = callOf(req)
      if (!metadata) throw errors.validation('Metadata header is required')
      const bucket = metadata.bucketName ?? ''
      const key = metadata.objectName ?? ''
      mustBeValidBucketName(bucket)
      mustBeValidKey(key)
      call.target = { bucket, key, version: randomUUID() }
      return storeIdOf(call.target)
    },

    getFileIdFromRequest(req, lastPath) {
      const target = lastPath === undefined ? undefined : decodeUploadId(lastPath)
      if (!target) return undefined
      callOf(req).target = target
      return storeIdOf(target)
    },

    async maxSize(req) {
      const call = callOf(req)
      const global = ctx.settings.fileSizeLimit
      if (!call.target) return global
      const bucket = await bucketOf(ctx, call)
      return Math.min(bucket.file_size_limit || global, global)
    },

    async onIncomingRequest(req) {
      const call = callOf(req)
      if (call.signed) {
        // storage-api: the token of createSignedUploadUrl in x-signature, for this object and the upload scope; the
        // upload then runs as the server itself (no RLS) with the token's owner and upsert.
        const signature = call.request.req.headers['x-signature']
        if (!signature || typeof signature !== 'string') throw errors.invalidSignature('Missing x-signature header')
        const { bucket, key } = mustTarget(call)
        const claims = await verifyObjectToken(ctx.keys, signature, `${bucket}/${key}`, 'upload')
        call.request.caller = { ...serviceCaller, sub: typeof claims.owner === 'string' ? claims.owner : undefined }
        call.upsert = claims.upsert === true
        return
      }
      if (req.method === 'HEAD' || req.method === 'OPTIONS') return
      const { bucket, key, version } = mustTarget(call)
      // storage-api's canUpload: the probe row carries the name and owner only, not the type or size.
      const owner = call.request.caller.sub
      await ctx.db.dryRun(scopeOf(call.request), (tx) =>
        writeObject(tx, { bucket, name: key, owner, version, metadata: {}, userMetadata: undefined }, call.upsert),
      )
    },

    async onUploadCreate(req, upload) {
      const call = callOf(req)
      const metadata = { ...upload.metadata }
      metadata.cacheControl = cacheControlOf(metadata.cacheControl)
      if (metadata.contentType) {
        metadata.contentType = normalizeMimeType(metadata.contentType)
        const allowed = (await bucketOf(ctx, call)).allowed_mime_types ?? []
        if (allowed.length > 0) validateMimeType(metadata.contentType, allowed)
      }
      return { metadata }
    },

    async onUploadFinish(req, upload: Upload) {
      const call = callOf(req)
      call.finished = upload.id
      await completeUpload(ctx, call.request, {
        target: mustTarget(call),
        file: path.join(dir, upload.id),
        size: upload.offset,
        metadata: upload.metadata ?? {},
        upsert: call.upsert,
      })
      return { headers: { 'Tus-Complete': '1' } }
    },

    onResponseError(req, error) {
      if (error instanceof StorageError) {
        if (error.status >= 500) ctx.log(`${req.method} ${new URL(req.url).pathname}: ${error.code}: ${error.message}`)
        return { status_code: error.status, body: error.message }
      }
      // storage-api's Postgres locker gives up after five seconds with its LockTimeout.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) return { status_code: 503, body: 'acquiring lock timeout' }
      if ('status_code' in error) return undefined
      ctx.log(`${req.method} ${new URL(req.url).pathname}: ${error.stack ?? error.message}`)
      return { status_code: 500, body: 'Internal Server Error' }
    },
  }
}
