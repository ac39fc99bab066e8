// Reading objects: authenticated download (RLS as the caller unless the bucket is public), public download, the
// download behind a signed URL, and object info (what `info()` and `exists()` read). Mirrors storage-api's
// getObject, getPublicObject, getSignedObject and getObjectInfo routes.
import { stat } from 'node:fs/promises'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { optionsFromQuery, segments, type TransformOptions } from '../render/options.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { renderObject, safeType } from './render.ts'
import { findBucket, mustFindObject, type ObjectRow } from './rows.ts'
import { verifyObjectToken } from './signing.ts'

function target(request: StorageRequest): { bucket: string; key: string } {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  return { bucket, key }
}

/** The object row as storage-api finds it: as the server in a public bucket, else under the caller's RLS. */
async function findReadable(ctx: StorageContext, request: StorageRequest, publicOnly: boolean): Promise<ObjectRow> {
  const { bucket, key } = target(request)
  const found = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => findBucket(tx, bucket))
  if (publicOnly && !found?.public) throw errors.noSuchBucket()
  // Without a valid JWT (routes that tolerate one) only public buckets are found (storage-api v1.60's getObject).
  if (!request.caller.authenticated && !found?.public) throw errors.noSuchBucket()
  if (!found) throw errors.noSuchBucket()
  const scope = scopeOf(request, found.public ? serviceCaller : request.caller)
  return ctx.db.run(scope, (tx) => mustFindObject(tx, bucket, key))
}

export const downloadObject: Handler = async (ctx, request) => {
  const row = await findReadable(ctx, request, false)
  await renderObject(ctx, request, row, { download: request.query.get('download') })
}

export const downloadPublicObject: Handler = async (ctx, request) => {
  const row = await findReadable(ctx, request, true)
  await renderObject(ctx, request, row, { download: request.query.get('download') })
}

export const downloadSignedObject: Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const claims = await verifyObjectToken(ctx.keys, request.query.get('token'), `${bucket}/${key}`, 'download')
  const row = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindObject(tx, bucket, key))
  const expires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined
  await renderObject(ctx, request, row, { download: request.query.get('download'), expires })
}

/** storage-api's parseMetadataNumber: a safe integer, or a string of digits that is one. */
function metadataNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  if (typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value)
  return undefined
}

/**
 * storage-api's InfoRenderer: the row as JSON with the object's ETag, Last-Modified, Cache-Control and
 * X-Transformations (the query's image options, which the route's schema checks); a HEAD gets the same headers,
 * no body, and the object's own Content-Length (Fastify keeps the one the renderer set).
 */
async function sendInfo(
  ctx: StorageContext,
  request: StorageRequest,
  { row, transform }: { row: ObjectRow; transform: TransformOptions },
): Promise<void> {
  const file = ctx.disk.pathOf({ bucket: row.bucket_id, key: row.name, version: row.version ?? '' })
  if (!file || !(await stat(file).catch(() => undefined))) throw errors.noSuchKey()
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const body = JSON.stringify({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: metadataNumber(meta.size) ?? null,
    content_type: text(meta.mimetype) ?? null,
    cache_control: text(meta.cacheControl) ?? null,
    etag: text(meta.eTag) ?? null,
    // Supabase answers {} for an object uploaded without user metadata.
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  })
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  const eTag = text(meta.eTag)
  if (eTag !== undefined) headers.ETag = eTag
  const lastModified =
    typeof meta.lastModified === 'string' || typeof meta.lastModified === 'number'
      ? new Date(meta.lastModified)
      : undefined
  if (lastModified && !Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString()
  const cacheControl = text(meta.cacheControl)
  if (cacheControl) headers['Cache-Control'] = cacheControl
  const applied = segments(transform)
  if (applied.length > 0) headers['X-Transformations'] = applied.join(',')
  const contentLength = metadataNumber(meta.contentLength)
  const res = request.res
  if (request.method === 'HEAD') {
    headers['Content-Length'] = String(contentLength ?? Buffer.byteLength(body))
    res.writeHead(metadataNumber(meta.httpStatusCode) ?? 200, headers).end()
    return
  }
  headers['Content-Length'] = String(Buffer.byteLength(body))
  res.writeHead(metadataNumber(meta.httpStatusCode) ?? 200, headers).end(body)
}

/**
 * storage-api's getObjectInfo: the bucket read as the server; without a valid JWT (the tolerant route, and the
 * public one) only a public bucket is found; in a public bucket, or on the public route, the object is read as the
 * server, else under the caller's RLS.
 */
async function findInfo(
  ctx: StorageContext,
  request: StorageRequest,
  publicRoute: boolean,
): Promise<{ row: ObjectRow; transform: TransformOptions }> {
  const { bucket, key } = target(request)
  const transform = optionsFromQuery(request.query)
  const found = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => findBucket(tx, bucket))
  if (!request.caller.authenticated && !found?.public) throw errors.noSuchBucket()
  if (!found) throw errors.noSuchBucket()
  const scope = scopeOf(request, found.public || publicRoute ? serviceCaller : request.caller)
  return { row: await ctx.db.run(scope, (tx) => mustFindObject(tx, bucket, key)), transform }
}

/**
 * storage-api's HeadRenderer, which answers HEAD on the download routes (/object/{bucket}, /object/authenticated,
 * /object/public) from the row's metadata: status, type (text/html as text/plain), ETag, Last-Modified, length,
 * Cache-Control (plus must-revalidate when If-None-Match names another ETag), X-Robots-Tag none, X-Transformations.
 * Like every object response here it also carries the sandbox CSP and nosniff.
 */
async function sendHead(
  ctx: StorageContext,
  request: StorageRequest,
  { row, transform }: { row: ObjectRow; transform: TransformOptions },
): Promise<void> {
  const file = ctx.disk.pathOf({ bucket: row.bucket_id, key: row.name, version: row.version ?? '' })
  if (!file || !(await stat(file).catch(() => undefined))) throw errors.noSuchKey()
  const meta = (row.metadata ?? {}) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Security-Policy': 'sandbox',
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'none',
  }
  const mimetype = text(meta.mimetype)
  if (mimetype !== undefined) headers['Content-Type'] = safeType(mimetype)
  const eTag = text(meta.eTag)
  if (eTag !== undefined) headers.ETag = eTag
  const lastModified =
    typeof meta.lastModified === 'string' || typeof meta.lastModified === 'number'
      ? new Date(meta.lastModified)
      : undefined
  if (lastModified && !Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString()
  const contentLength = metadataNumber(meta.contentLength)
  if (contentLength !== undefined) headers['Content-Length'] = String(contentLength)
  const cacheControl = [text(meta.cacheControl)]
  const requestTag = request.req.headers['if-none-match']
  if (requestTag && requestTag !== eTag) cacheControl.push('must-revalidate')
  const values = cacheControl.filter((v): v is string => v !== undefined && v.length > 0)
  if (values.length > 0) headers['Cache-Control'] = values.join(', ')
  const contentRange = text(meta.contentRange)
  if (contentRange !== undefined) headers['Content-Range'] = contentRange
  const applied = segments(transform)
  if (applied.length > 0) headers['X-Transformations'] = applied.join(',')
  request.res.writeHead(metadataNumber(meta.httpStatusCode) ?? 200, headers).end()
}

export const headObject: Handler = async (ctx, request) => {
  await sendHead(ctx, request, await findInfo(ctx, request, false))
}

export const headPublicObject: Handler = async (ctx, request) => {
  await sendHead(ctx, request, await findInfo(ctx, request, true))
}

export const objectInfo: Handler = async (ctx, request) => {
  await sendInfo(ctx, request, await findInfo(ctx, request, false))
}

export const publicObjectInfo: Handler = async (ctx, request) => {
  await sendInfo(ctx, request, await findInfo(ctx, request, true))
}
