// Multipart uploads as storage-api keeps them with its file backend: the upload and its parts in
// storage.s3_multipart_uploads(_parts), read and written as the server, each part's bytes in a file of its own
// (ETag: its MD5 in hex) under <dataDir>/s3-multipart/<upload id>/. Every step first dry-runs the caller's write of
// the object under RLS (storage-api's canUpload), and the running total is held to the bucket's size limit.
import { createHmac, randomUUID } from 'node:crypto'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { serviceCaller } from '../../caller.ts'
import { scopeOf, type StorageContext } from '../../context.ts'
import type { Tx } from '../../db.ts'
import type { Received } from '../../disk.ts'
import { errors } from '../../errors.ts'
import { mustFindBucket, writeObject } from '../../objects/rows.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../../validate.ts'
import { bucketOf, keyOf, type S3Request } from '../context.ts'
import { s3SecretAccessKey } from '../credentials.ts'
import { s3Errors } from '../errors.ts'

export interface UploadRow {
  id: string
  bucket_id: string
  key: string
  version: string
  owner_id: string | null
  in_progress_size: number
  created_at: Date
  user_metadata: Record<string, unknown> | null
  metadata: { mimetype?: string; cacheControl?: string } | null
}

export interface PartRow {
  part_number: number
  etag: string
  size: number
  created_at: Date
}

/** Where an upload's parts live: beside objects/ and tmp/ (never in tmp/, whose sweep would take them). */
export function partsDir(ctx: StorageContext, uploadId: string): string {
  return path.join(path.dirname(ctx.disk.tmpDir), 's3-multipart', uploadId)
}

export function partFile(ctx: StorageContext, uploadId: string, part: number): string {
  return path.join(partsDir(ctx, uploadId), `part-${part}`)
}

/** storage-api signs an upload's running size so it cannot be edited behind its back; kept for the column. */
export function progressSignature(size: number): string {
  return createHmac('sha256', s3SecretAccessKey).update(String(size)).digest('hex')
}

export function target(request: S3Request): { bucket: string; key: string } {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  return { bucket, key }
}

/** storage-api's canUpload: would RLS let the caller write (upsert) this object? Nothing is kept. */
export async function mustBeAllowed(
  ctx: StorageContext,
  request: S3Request,
  upload: Pick<UploadRow, 'user_metadata'>,
): Promise<void> {
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
export async function findUpload(ctx: StorageContext, request: S3Request, forUpdate?: Tx): Promise<UploadRow> {
  const id = request.query.get('uploadId')
  if (!id) throw s3Errors.invalidUploadId()
  const { bucket, key } = target(request)
  const find = (tx: Tx) =>
    tx.query<UploadRow>(
      'select id, bucket_id, key, version, owner_id, in_progress_size, created_at, user_metadata, metadata ' +
        `from storage.s3_multipart_uploads where id = $1 and bucket_id = $2 and key = $3${forUpdate ? ' for update' : ''}`,
      [id, bucket, key],
    )
  const [row] = forUpdate ? await find(forUpdate) : await ctx.db.run(scopeOf(request, serviceCaller), find)
  if (!row) throw s3Errors.noSuchUpload()
  return row
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

/** The part number of the request: 1 to 10,000, as S3 allows. */
export function partNumberOf(request: S3Request): number {
  const partNumber = Number(request.query.get('partNumber'))
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10000) {
    throw s3Errors.invalidParameter('partNumber')
  }
  return partNumber
}

/**
 * Stores `length` bytes of `body` as a part of the request's upload (replacing a part of the same number): RLS
 * dry run, size limit, the bytes into their file, the row. Answers the part's ETag; on failure nothing stays.
 */
export async function storePart(
  ctx: StorageContext,
  request: S3Request,
  partNumber: number,
  length: number,
  body: () => Readable,
): Promise<string> {
  const { bucket, key } = target(request)
  const limits = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  const max = Math.min(ctx.settings.fileSizeLimit, limits.file_size_limit ?? Infinity)
  const upload = await findUpload(ctx, request)
  await mustBeAllowed(ctx, request, upload)
  await addProgress(ctx, request, length, max)
  let received: Received | undefined
  try {
    received = await ctx.disk.receive(body(), length)
    if (received.size !== length) throw errors.noContent('Request body did not match its Content-Length')
    const eTag = received.md5
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
    return eTag
  } catch (error) {
    await ctx.disk.discard(received?.tmp)
    await addProgress(ctx, request, -length, max).catch(() => {})
    throw error
  }
}

export async function removeUpload(ctx: StorageContext, request: S3Request, uploadId: string): Promise<void> {
  await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.exec('delete from storage.s3_multipart_uploads where id = $1', [uploadId]),
  )
  await rm(partsDir(ctx, uploadId), { recursive: true, force: true })
}
