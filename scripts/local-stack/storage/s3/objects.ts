// Object commands of the S3 protocol, each on the Storage service's own operation and under the caller's RLS:
// PutObject (always an upsert, as storage-api's S3 uploads are), GetObject (ranges included), HeadObject,
// DeleteObject (204 whether or not the key was there, once the bucket exists), DeleteObjects and CopyObject.
import type { ServerResponse } from 'node:http'
import { serviceCaller } from '../caller.ts'
import { scopeOf } from '../context.ts'
import { StorageError } from '../errors.ts'
import { copyBetween } from '../objects/move-copy.ts'
import { deleteObject as deleteOne, deleteObjects as deleteMany } from '../objects/remove.ts'
import { renderObject } from '../objects/render.ts'
import { mustFindBucket, mustFindObject, type ObjectRow } from '../objects/rows.ts'
import { storeUpload } from '../objects/upload.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { bucketOf, keyOf, type S3Handler, type S3Request } from './context.ts'
import { s3Error, s3Errors } from './errors.ts'
import { declaredLength, metadataFromHeaders, s3Incoming } from './incoming.ts'
import { readXml, sendXml } from './xml.ts'

/** storage-api's toAwsMetadataHeaders: user metadata back as x-amz-meta-*, the unsendable ones counted. */
function metadataHeaders(metadata: Record<string, unknown> | null): Record<string, string> {
  const headers: Record<string, string> = {}
  let missing = 0
  for (const [name, value] of Object.entries(metadata ?? {})) {
    if (name !== '' && typeof value === 'string' && /^[\x20-\x7e]*$/.test(value) && /^[!#$%&'*+.^_`|~\w-]+$/.test(name))
      headers[`x-amz-meta-${name.toLowerCase()}`] = value
    else missing++
  }
  if (missing > 0) headers['x-amz-missing-meta'] = String(missing)
  return headers
}

function setHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}

export const putObject: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  let key = keyOf(request)
  // An empty object named like a folder is Storage's empty-folder placeholder, as storage-api stores it.
  if (key.endsWith('/') && declaredLength(request) === 0) key += '.emptyFolderPlaceholder'
  const { eTag } = await storeUpload(ctx, request, {
    bucket,
    key,
    owner: request.caller.sub,
    upsert: true,
    checkAs: request.caller,
    incoming: (limits) => s3Incoming(request, limits),
  })
  request.res.writeHead(200, { ETag: eTag, 'Content-Length': '0' }).end()
}

/** GetObject's `response-*` query parameters: headers the answer carries in place of the object's. */
const overrides: [string, string][] = [
  ['response-cache-control', 'Cache-Control'],
  ['response-content-disposition', 'Content-Disposition'],
  ['response-content-encoding', 'Content-Encoding'],
  ['response-content-language', 'Content-Language'],
  ['response-content-type', 'Content-Type'],
]

function responseOverrides(query: URLSearchParams): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [parameter, header] of overrides) {
    const value = query.get(parameter)
    if (value) headers[header] = value
  }
  const expires = query.get('response-expires')
  if (expires) {
    const date = new Date(expires)
    if (Number.isNaN(date.getTime())) throw s3Errors.invalidParameter('response-expires')
    headers.Expires = date.toUTCString()
  }
  return headers
}

/** If-Modified-Since no earlier than the object's last change: 304, as storage-api's file backend answers it. */
function notModifiedSince(request: S3Request, row: ObjectRow): boolean {
  const since = request.req.headers['if-modified-since']
  if (!since) return false
  const date = new Date(since)
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  const modified = new Date(typeof meta.lastModified === 'string' ? meta.lastModified : (row.updated_at ?? 0))
  return !Number.isNaN(date.getTime()) && modified.getTime() <= date.getTime()
}

export const getObject: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const headers = responseOverrides(request.query)
  const row = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  if (notModifiedSince(request, row) && request.req.headers['if-none-match'] !== meta.eTag) {
    const eTag = typeof meta.eTag === 'string' ? { ETag: meta.eTag } : {}
    return void request.res.writeHead(304, eTag).end()
  }
  setHeaders(request.res, metadataHeaders(row.user_metadata))
  try {
    await renderObject(ctx, request, row, { download: null, headers })
  } catch (error) {
    // storage-api answers a range past the end 416, as S3 does.
    if (error instanceof StorageError && error.code === 'InvalidRange') {
      throw s3Error('InvalidRange', 416, 'invalid range provided')
    }
    throw error
  }
}

export const getObjectTagging: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  // Storage keeps no tags: an object's tag set is always empty.
  sendXml(request.res, 200, { Tagging: { TagSet: '' } })
}

export const headObject: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const row = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')
  const headers: Record<string, string> = {
    'created-at': row.created_at ? new Date(row.created_at).toISOString() : '',
    'cache-control': text(meta.cacheControl),
    expires: text(meta.expires),
    'content-length': text(meta.size),
    'content-type': text(meta.mimetype),
    etag: text(meta.eTag),
    'last-modified': row.updated_at ? new Date(row.updated_at).toUTCString() : '',
    ...metadataHeaders(row.user_metadata),
  }
  // storage-api sends only the headers that have a value.
  const sent = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''))
  request.res.writeHead(200, sent).end()
}

export const deleteObject: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  const key = keyOf(request)
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  try {
    await deleteOne(ctx, request, bucket, key)
  } catch (error) {
    if (!(error instanceof StorageError && error.code === 'NoSuchKey')) throw error
    await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindBucket(tx, bucket))
  }
  request.res.writeHead(204).end()
}

export const deleteObjects: S3Handler = async (ctx, request) => {
  const bucket = bucketOf(request)
  mustBeValidBucketName(bucket)
  const body = (await readXml(request.req)).Delete as { Object?: unknown } | undefined
  if (!body || typeof body !== 'object') throw s3Errors.missingParameter('Delete')
  const objects = (body.Object ?? []) as { Key?: unknown }[]
  if (!Array.isArray(objects)) throw s3Errors.invalidParameter('Objects')
  const asServer = scopeOf(request, serviceCaller)
  if (objects.length === 0) {
    await ctx.db.run(asServer, (tx) => mustFindBucket(tx, bucket))
    return sendXml(request.res, 200, { DeleteResult: { Deleted: [], Error: [] } })
  }
  const keys = objects.filter((o) => o.Key !== undefined).map((o) => String(o.Key))
  const deleted = new Set((await deleteMany(ctx, request, bucket, keys)).map((row) => row.name))
  const unresolved = keys.filter((key) => !deleted.has(key))
  // What RLS kept is still there (an error per key); a key that was never there counts as deleted, as in S3.
  const remaining = new Set(
    unresolved.length === 0
      ? []
      : (
          await ctx.db.run(asServer, (tx) =>
            tx.query<{ name: string }>(
              'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
              [bucket, unresolved],
            ),
          )
        ).map((row) => row.name),
  )
  if (deleted.size === 0 && remaining.size === 0) await ctx.db.run(asServer, (tx) => mustFindBucket(tx, bucket))
  const gone: { Key: string }[] = []
  const refused: { Key?: string; Code: string; Message: string }[] = []
  for (const object of objects) {
    const key = object.Key === undefined ? undefined : String(object.Key)
    if (key !== undefined && (deleted.has(key) || !remaining.has(key))) gone.push({ Key: key })
    else refused.push({ Key: key, Code: 'AccessDenied', Message: 'Access Denied' })
  }
  sendXml(request.res, 200, { DeleteResult: { Deleted: gone, Error: refused } })
}

/** `x-amz-copy-source`: `[/]bucket/key[?versionId=…]`, the key percent-encoded as S3 clients send it. */
export function copySource(header: string | string[] | undefined): { bucket: string; key: string } {
  if (typeof header !== 'string' || header === '') throw s3Errors.missingParameter('CopySource')
  const path = header.replace(/^\//, '').replace(/\?versionId=.*$/, '')
  const [bucket, ...rest] = path.split('/')
  let key = rest.join('/')
  try {
    key = decodeURIComponent(key)
  } catch {
    // Not percent-encoded after all: the key as it came.
  }
  if (!bucket) throw s3Errors.missingParameter('CopySource')
  if (!key) throw s3Errors.missingParameter('CopySource')
  return { bucket, key }
}

export const copyObject: S3Handler = async (ctx, request) => {
  const headers = request.req.headers
  const from = copySource(headers['x-amz-copy-source'])
  const to = { bucket: bucketOf(request), key: keyOf(request) }
  mustBeValidBucketName(from.bucket)
  mustBeValidBucketName(to.bucket)
  mustBeValidKey(from.key)
  mustBeValidKey(to.key)
  const directive = headers['x-amz-metadata-directive'] ?? 'COPY'
  const copied = await copyBetween(ctx, request, {
    from,
    to,
    upsert: true,
    copyMetadata: directive === 'COPY',
    metadata: { cacheControl: headers['cache-control'], mimetype: headers['content-type'] },
    userMetadata: metadataFromHeaders(headers),
  })
  const meta = (copied?.metadata ?? {}) as Record<string, unknown>
  const lastModified = copied?.updated_at ? new Date(copied.updated_at) : undefined
  sendXml(request.res, 200, { CopyObjectResult: { ETag: meta.eTag, LastModified: lastModified } })
}
