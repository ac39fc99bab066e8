// Multipart uploads of the S3 protocol, kept as storage-api keeps them with its file backend: the upload and its
// parts in storage.s3_multipart_uploads(_parts), each part's bytes in a file of its own (ETag: its MD5 in hex).
// Every step first checks, with a dry run as the caller, that RLS would let the caller write the object (as
// storage-api's canUpload); completing joins the parts in order and stores the result through the Storage service's
// uploader, so bucket limits, types and RLS apply as to any upload. No minimum part size, as storage-api's file
// backend has none; the total of the parts received so far is held to the bucket's size limit.
import { createHmac, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { PassThrough, type Readable } from 'node:stream'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type StorageContext } from '../context.ts'
import type { Tx } from '../db.ts'
import { errors } from '../errors.ts'
import { discardBody } from '../http.ts'
import { mustFindBucket, writeObject } from '../objects/rows.ts'
import { storeUpload } from '../objects/upload.ts'
import { headerCacheControl, mustBeValidBucketName, mustBeValidKey, validateMimeType } from '../validate.ts'
import { bucketOf, keyOf, type S3Handler, type S3Request } from './context.ts'
import { s3SecretAccessKey } from './credentials.ts'
import { s3Errors } from './errors.ts'
import { declaredLength, metadataFromHeaders, s3Body } from './incoming.ts'
import { readXml, sendXml } from './xml.ts'

interface UploadRow {
  id: string
  bucket_id: string
  key: string
  version: string
  owner_id: string | null
  in_progress_size: number
  user_metadata: Record<string, unknown> | null
  metadata: { mimetype?: string; cacheControl?: string } | null
}

interface PartRow {
  part_number: number
  etag: string
  size: number
  created_at: Date
}

/** Where an upload's parts live: beside objects/ and tmp/ (never in tmp/, whose sweep would take them). */
function partsDir(ctx: StorageContext, uploadId: string): string {
  return path.join(path.dirname(ctx.disk.tmpDir), 's3-multipart', uploadId)
}

function partFile(ctx: StorageContext, uploadId: string, part: number): string {
  return path.join(partsDir(ctx, uploadId), `part-${part}`)
}

/** storage-api signs an upload's running size so it cannot be edited behind its back; kept for the column. */
function progressSignature(size: number): string {
  return createHmac('sha256', s3SecretAccessKey).update(String(size)).digest('hex')
}

function target(request: S3Request): { bucket: string; key: string } {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  return { bucket, key }
}

/** storage-api's canUpload: would RLS let the caller write (upsert) this object? Nothing is kept. */
async function mustBeAllowed(ctx: StorageContext, request: S3Request, upload: Pick<UploadRow, 'user_metadata'>) {
  const { bucket, key } = target(request)
  await ctx.db.dryRun(scopeOf(request), (tx) =>
    writeObject(
      tx,
      {
        bucket,
        name: key,
        owner: request.caller.sub,
        version: randomUUID(),
        metadata: {},
        userMetadata: upload.user_metadata ?? undefined,
      },
      true,
    ),
  )
}

/** The upload named in `uploadId` for this bucket and key (NoSuchUpload otherwise), read as the server. */
async function findUpload(ctx: StorageContext, request: S3Request, forUpdate?: Tx): Promise<UploadRow> {
  const id = request.query.get('uploadId')
  if (!id) throw s3Errors.invalidUploadId()
  const { bucket, key } = target(request)
  const find = (tx: Tx) =>
    tx.query<UploadRow>(
      'select id, bucket_id, key, version, owner_id, in_progress_size, user_metadata, metadata ' +
        `from storage.s3_multipart_uploads where id = $1 and bucket_id = $2 and key = $3${forUpdate ? ' for update' : ''}`,
      [id, bucket, key],
    )
  const [row] = forUpdate ? await find(forUpdate) : await ctx.db.run(scopeOf(request, serviceCaller), find)
  if (!row) throw s3Errors.noSuchUpload()
  return row
}

export const createMultipartUpload: S3Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const headers = request.req.headers
  const contentType = headers['content-type']
  const limits = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  if (contentType && limits.allowed_mime_types?.length) validateMimeType(contentType, limits.allowed_mime_types)
  const userMetadata = metadataFromHeaders(headers) ?? null
  await mustBeAllowed(ctx, request, { user_metadata: userMetadata })
  const id = randomUUID()
  const metadata = { mimetype: contentType, cacheControl: headers['cache-control'] }
  await mkdir(partsDir(ctx, id), { recursive: true })
  await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.exec(
      'insert into storage.s3_multipart_uploads ' +
        '(id, bucket_id, key, version, upload_signature, owner_id, user_metadata, metadata) ' +
        'values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [id, bucket, key, randomUUID(), progressSignature(0), request.caller.sub ?? null, userMetadata, metadata],
    ),
  )
  sendXml(request.res, 200, { InitiateMultipartUploadResult: { Bucket: bucket, Key: key, UploadId: id } })
}

/** Adds `delta` to the upload's running size, refusing a total past the bucket's (or the server's) size limit. */
async function addProgress(ctx: StorageContext, request: S3Request, delta: number, max: number): Promise<void> {
  await ctx.db.run(scopeOf(request, serviceCaller), async (tx) => {
    const upload = await findUpload(ctx, request, tx)
    const size = Number(upload.in_progress_size) + delta
    if (delta > 0 && size > max) throw errors.entityTooLarge()
    await tx.exec(
      'update storage.s3_multipart_uploads set in_progress_size = $2, upload_signature = $3 where id = $1',
      [upload.id, size, progressSignature(size)],
    )
  })
}

export const uploadPart: S3Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const partNumber = Number(request.query.get('partNumber'))
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
    throw s3Errors.invalidParameter('partNumber')
  }
  const length = declaredLength(request)
  if (length === undefined) throw s3Errors.missingContentLength()
  const limits = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  const max = Math.min(ctx.settings.fileSizeLimit, limits.file_size_limit ?? Infinity)
  const upload = await findUpload(ctx, request)
  await mustBeAllowed(ctx, request, upload)
  await addProgress(ctx, request, length, max)
  let received: Awaited<ReturnType<StorageContext['disk']['receive']>> | undefined
  let eTag: string
  try {
    received = await ctx.disk.receive(s3Body(request), length)
    if (received.size !== length) throw errors.noContent('Request body did not match its Content-Length')
    eTag = received.md5
    await rename(received.tmp, partFile(ctx, upload.id, partNumber))
    received = undefined
    await ctx.db.run(scopeOf(request, serviceCaller), async (tx) => {
      // A part sent again replaces the earlier one, whose size no longer counts.
      const replaced = await tx.query<{ size: number }>(
        'delete from storage.s3_multipart_uploads_parts where upload_id = $1 and part_number = $2 returning size',
        [upload.id, partNumber],
      )
      const freed = replaced.reduce((sum, row) => sum + Number(row.size), 0)
      if (freed > 0) {
        await tx.exec(
          'update storage.s3_multipart_uploads set in_progress_size = in_progress_size - $2 where id = $1',
          [upload.id, freed],
        )
      }
      await tx.exec(
        'insert into storage.s3_multipart_uploads_parts ' +
          '(upload_id, size, part_number, bucket_id, key, etag, owner_id, version) ' +
          'values ($1, $2, $3, $4, $5, $6, $7, $8)',
        [upload.id, length, partNumber, bucket, key, eTag, request.caller.sub ?? null, upload.version],
      )
    })
  } catch (error) {
    discardBody(request.req)
    await ctx.disk.discard(received?.tmp)
    await addProgress(ctx, request, -length, max).catch(() => {})
    throw error
  }
  request.res.writeHead(200, { ETag: eTag, 'Access-Control-Expose-Headers': 'etag', 'Content-Length': '0' })
  request.res.end()
}

/** The parts a completion names (all received parts when it names none), in order, each checked against its file. */
async function partsToJoin(ctx: StorageContext, request: S3Request, upload: UploadRow): Promise<PartRow[]> {
  const stored = await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.query<PartRow>(
      'select part_number, etag, size, created_at from storage.s3_multipart_uploads_parts ' +
        'where upload_id = $1 order by part_number',
      [upload.id],
    ),
  )
  const body = (await readXml(request.req)).CompleteMultipartUpload as { Part?: unknown } | undefined
  const named = Array.isArray(body?.Part) ? (body.Part as { PartNumber?: unknown; ETag?: unknown }[]) : []
  if (named.length === 0) return stored
  const unquote = (tag: unknown) => String(tag ?? '').replace(/^"(.*)"$/, '$1')
  const chosen = named.map((part) => {
    const number = Number(part.PartNumber)
    const found = stored.find((row) => row.part_number === number)
    if (!found) throw s3Errors.missingPart(number || 0, upload.id)
    if (unquote(found.etag) !== unquote(part.ETag)) throw s3Errors.invalidChecksum(number)
    return found
  })
  return chosen.sort((a, b) => a.part_number - b.part_number)
}

/** The parts' files one after another, as one stream; destroying it stops the reading. */
function joined(ctx: StorageContext, uploadId: string, parts: PartRow[]): Readable {
  const out = new PassThrough()
  const writable = () =>
    new Promise<void>((go) => {
      const done = () => {
        out.off('drain', done)
        out.off('close', done)
        go()
      }
      out.once('drain', done)
      out.once('close', done)
    })
  void (async () => {
    for (const part of parts) {
      const file = createReadStream(partFile(ctx, uploadId, part.part_number))
      for await (const chunk of file) {
        if (out.destroyed) return void file.destroy()
        if (!out.write(chunk)) await writable()
      }
    }
    out.end()
  })().catch((error: Error) => out.destroy(error))
  return out
}

async function removeUpload(ctx: StorageContext, request: S3Request, uploadId: string): Promise<void> {
  await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.exec('delete from storage.s3_multipart_uploads where id = $1', [uploadId]),
  )
  await rm(partsDir(ctx, uploadId), { recursive: true, force: true })
}

export const completeMultipartUpload: S3Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const upload = await findUpload(ctx, request)
  await mustBeAllowed(ctx, request, upload)
  const parts = await partsToJoin(ctx, request, upload)
  for (const part of parts) {
    if (!(await stat(partFile(ctx, upload.id, part.part_number)).catch(() => undefined))) {
      throw s3Errors.missingPart(part.part_number, upload.id)
    }
  }
  const size = parts.reduce((sum, part) => sum + Number(part.size), 0)
  const mimeType = upload.metadata?.mimetype || 'application/octet-stream'
  const { eTag } = await storeUpload(ctx, request, {
    bucket,
    key,
    owner: request.caller.sub,
    upsert: true,
    checkAs: request.caller,
    incoming: async (limits) => {
      if (limits.allowedMimeTypes.length > 0) validateMimeType(mimeType, limits.allowedMimeTypes)
      if (size > limits.maxBytes) throw errors.entityTooLarge()
      const body = joined(ctx, upload.id, parts)
      return {
        body,
        mimeType,
        cacheControl: headerCacheControl(upload.metadata?.cacheControl),
        userMetadata: upload.user_metadata ?? undefined,
        contentLength: size,
        finished: Promise.resolve(),
        abandon: () => void body.destroy(),
      }
    },
  })
  await removeUpload(ctx, request, upload.id)
  sendXml(request.res, 200, {
    CompleteMultipartUploadResult: { Location: `${bucket}/${key}`, Bucket: bucket, Key: key, ETag: eTag },
  })
}

export const abortMultipartUpload: S3Handler = async (ctx, request) => {
  const upload = await findUpload(ctx, request)
  await mustBeAllowed(ctx, request, upload)
  await removeUpload(ctx, request, upload.id)
  // storage-api answers an abort with an empty 200 (S3 itself answers 204).
  request.res.writeHead(200, { 'Content-Length': '0' }).end()
}

export const listParts: S3Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const upload = await findUpload(ctx, request)
  const q = request.query
  const maxParts = Math.min(Number(q.get('max-parts')) || 1000, 1000)
  const marker = Number(q.get('part-number-marker')) || 0
  const rows = await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.query<PartRow>(
      'select part_number, etag, size, created_at from storage.s3_multipart_uploads_parts ' +
        'where upload_id = $1 and part_number > $2 order by part_number limit $3',
      [upload.id, marker, maxParts + 1],
    ),
  )
  const truncated = rows.length > maxParts
  const page = rows.slice(0, maxParts)
  sendXml(request.res, 200, {
    ListPartsResult: {
      Bucket: bucket,
      Key: key,
      UploadId: upload.id,
      PartNumberMarker: q.get('part-number-marker') ?? undefined,
      NextPartNumberMarker: truncated ? page[page.length - 1]?.part_number : undefined,
      MaxParts: maxParts,
      IsTruncated: truncated,
      Part: page.map((part) => ({
        PartNumber: part.part_number,
        LastModified: part.created_at,
        ETag: part.etag,
        Size: Number(part.size),
      })),
    },
  })
}
