// GET /render/image/{public,authenticated,sign}/{bucket}/{key}: storage-api's renderPublicImage (public bucket, no
// JWT), renderAuthenticatedImage (the caller's RLS) and renderSignedImage (a token from createSignedUrl with
// `transform`), answering the rendered bytes with the object's ETag and Cache-Control (Expires for a signed URL),
// X-Transformations and Content-Disposition for `?download=`, as storage-api's renderer sets them.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { OutgoingHttpHeaders } from 'node:http'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { findBucket, mustFindObject, type ObjectRow } from '../objects/rows.ts'
import { verifyObjectToken } from '../objects/signing.ts'
import { xRobotsTagOf } from '../x-robots-tag.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { RenderCache } from './cache.ts'
import { renderImage, type Rendered } from './image.ts'
import { optionsFromQuery, optionsFromToken, segments, type TransformOptions } from './options.ts'

const caches = new WeakMap<StorageContext, RenderCache>()

function cacheOf(ctx: StorageContext): RenderCache {
  let cache = caches.get(ctx)
  if (!cache) {
    cache = new RenderCache(path.join(path.dirname(ctx.disk.objectsDir), 'render'))
    caches.set(ctx, cache)
  }
  return cache
}

function target(request: StorageRequest): { bucket: string; key: string } {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  return { bucket, key }
}

async function rendered(
  ctx: StorageContext,
  row: ObjectRow,
  options: TransformOptions,
  accept: string | undefined,
): Promise<Rendered> {
  const version = row.version ?? ''
  const file = ctx.disk.pathOf({ bucket: row.bucket_id, key: row.name, version })
  // The format imgproxy picks depends on Accept only when no format was asked for.
  const webp = !options.format && /\bimage\/webp\b/i.test(accept ?? '')
  const variant = JSON.stringify([options.width, options.height, options.resize, options.format, options.quality, webp])
  const cache = cacheOf(ctx)
  const hit = await cache.get(row.bucket_id, row.name, version, variant)
  if (hit) return hit
  const source = file ? await readFile(file).catch(() => undefined) : undefined
  if (!source) throw errors.noSuchKey()
  const result = await renderImage(source, options, webp ? 'image/webp' : undefined)
  await cache.put(row.bucket_id, row.name, version, variant, result)
  return result
}

async function send(
  ctx: StorageContext,
  request: StorageRequest,
  row: ObjectRow,
  options: TransformOptions,
  expires?: Date,
): Promise<void> {
  const image = await rendered(ctx, row, options, request.req.headers.accept)
  const meta = row.metadata ?? {}
  const headers: OutgoingHttpHeaders = {
    'Accept-Ranges': 'bytes',
    'Content-Type': image.mimetype,
    'Content-Length': String(image.body.length),
    'Content-Security-Policy': 'sandbox',
    'X-Content-Type-Options': 'nosniff',
    // storage-api's renderer: none unless the object carries a valid x-robots-tag of its own.
    'X-Robots-Tag': xRobotsTagOf(meta.xRobotsTag),
  }
  if (meta.eTag) headers.ETag = meta.eTag
  if (expires) headers.Expires = expires.toUTCString()
  else headers['Cache-Control'] = meta.cacheControl ?? 'no-cache'
  const applied = segments(options)
  if (applied.length > 0) headers['X-Transformations'] = applied.join(',')
  const download = request.query.get('download')
  if (download !== null) {
    const name = encodeURIComponent(download)
    headers['Content-Disposition'] =
      download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name};`
  }
  request.res.writeHead(200, headers).end(image.body)
}

export const renderPublicImage: Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const options = optionsFromQuery(request.query)
  const scope = scopeOf(request, serviceCaller)
  const [found, row] = await Promise.all([
    ctx.db.run(scope, (tx) => findBucket(tx, bucket)),
    ctx.db.run(scope, (tx) => mustFindObject(tx, bucket, key)).catch((error: unknown) => error as Error),
  ])
  if (!found?.public) throw errors.noSuchBucket()
  if (row instanceof Error) throw row
  await send(ctx, request, row, options)
}

export const renderAuthenticatedImage: Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const options = optionsFromQuery(request.query)
  const row = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  await send(ctx, request, row, options)
}

export const renderSignedImage: Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const claims = await verifyObjectToken(ctx.keys, request.query.get('token'), `${bucket}/${key}`, 'download')
  const row = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindObject(tx, bucket, key))
  const options = optionsFromToken(typeof claims.transformations === 'string' ? claims.transformations : '')
  const expires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined
  await send(ctx, request, row, options, expires)
}
