// Multipart uploads as a whole: CreateMultipartUpload, CompleteMultipartUpload (the named parts, each checked against
// its ETag, joined in order and stored through the Storage service's uploader, so limits, types and RLS apply as to
// any upload; the object's ETag is the MD5 of the whole, as storage-api's file backend has it),
// AbortMultipartUpload and ListMultipartUploads. No minimum part size: storage-api's file backend has none.
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { PassThrough, type Readable } from 'node:stream'
import { serviceCaller } from '../../caller.ts'
import { scopeOf, type StorageContext } from '../../context.ts'
import { errors } from '../../errors.ts'
import { mustFindBucket } from '../../objects/rows.ts'
import { storeUpload } from '../../objects/upload.ts'
import { headerCacheControl, validateMimeType } from '../../validate.ts'
import type { S3Handler, S3Request } from '../context.ts'
import { s3Errors } from '../errors.ts'
import { metadataFromHeaders } from '../incoming.ts'
import { readXml, sendXml } from '../xml.ts'
import {
  findUpload,
  mustBeAllowed,
  partFile,
  partsDir,
  progressSignature,
  removeUpload,
  target,
  type PartRow,
  type UploadRow,
} from './store.ts'

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

/** storage-api's upload-list markers: base64 of `l:<value>`. */
const encodeMarker = (value: string) => Buffer.from(`l:${value}`).toString('base64')

function decodeMarker(token: string | null): string | undefined {
  if (!token) return undefined
  const decoded = Buffer.from(token, 'base64').toString()
  if (!decoded.startsWith('l:')) throw s3Errors.invalidParameter('continuation token')
  return decoded.slice(2)
}

interface ListedUpload {
  id: string
  key: string
  created_at: Date | null
}

export const listMultipartUploads: S3Handler = async (ctx, request) => {
  const bucket = request.params.bucket ?? ''
  const q = request.query
  const limit = q.has('max-uploads') ? Number(q.get('max-uploads')) : 1000
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw s3Errors.invalidParameter('MaxUploads')
  await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  const prefix = q.get('prefix') ?? ''
  const delimiter = q.get('delimiter') || undefined
  const keyMarker = decodeMarker(q.get('key-marker'))
  const uploadMarker = decodeMarker(q.get('upload-id-marker'))
  const escaped = prefix.replace(/[\\%_]/g, '\\$&')
  // As the caller, as storage-api lists them: RLS on storage.s3_multipart_uploads decides what shows.
  const rows = await ctx.db.run(scopeOf(request), (tx) => {
    if (delimiter) {
      return tx.query<ListedUpload>(
        'select id, key, created_at from storage.list_multipart_uploads_with_delimiter($1, $2, $3, $4, $5, $6)',
        [bucket, escaped, delimiter, limit + 1, keyMarker ?? '', uploadMarker ?? ''],
      )
    }
    const values: unknown[] = [bucket]
    const where = ['bucket_id = $1']
    if (prefix) where.push(`key ilike $${values.push(`${escaped}%`)}`)
    if (keyMarker !== undefined && uploadMarker === undefined)
      where.push(`key collate "C" > $${values.push(keyMarker)}`)
    if (uploadMarker !== undefined) where.push(`id collate "C" > $${values.push(uploadMarker)}`)
    return tx.query<ListedUpload>(
      `select id, key, created_at from storage.s3_multipart_uploads where ${where.join(' and ')} ` +
        `order by key collate "C", created_at limit $${values.push(limit + 1)}`,
      values,
    )
  })
  const url = q.get('encoding-type') === 'url'
  const name = (key: string) => (url ? encodeURIComponent(key) : key)
  // With a delimiter, names deeper than one level below the prefix fold into their common prefix.
  const entries: (ListedUpload & { folder?: boolean })[] = []
  let previous = ''
  for (const row of rows) {
    const at = delimiter ? row.key.replace(prefix, '').indexOf(delimiter) : -1
    if (at < 0) {
      entries.push(row)
      continue
    }
    const folder = row.key.slice(0, prefix.length + at + delimiter!.length)
    if (folder !== previous) entries.push({ ...row, key: folder, folder: true })
    previous = folder
  }
  const truncated = entries.length > limit
  const page = entries.slice(0, limit)
  const last = page[page.length - 1]
  sendXml(request.res, 200, {
    ListMultipartUploadsResult: {
      Name: bucket,
      Prefix: prefix,
      KeyMarker: q.get('key-marker') ?? undefined,
      UploadIdMarker: q.get('upload-id-marker') ?? undefined,
      NextKeyMarker: truncated && last ? encodeMarker(last.key) : undefined,
      NextUploadIdMarker: truncated && last ? encodeMarker(last.id) : undefined,
      Upload: page
        .filter((entry) => !entry.folder)
        .map((entry) => ({
          Key: name(entry.key),
          Initiated: entry.created_at ? new Date(entry.created_at) : undefined,
          UploadId: entry.id,
          StorageClass: 'STANDARD',
        })),
      IsTruncated: truncated,
      MaxUploads: limit,
      Delimiter: delimiter,
      EncodingType: q.get('encoding-type') ?? undefined,
      KeyCount: page.length,
      CommonPrefixes: page.filter((entry) => entry.folder).map((entry) => ({ Prefix: name(entry.key) })),
    },
  })
}
