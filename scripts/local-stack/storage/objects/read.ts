// Reading objects: authenticated download (RLS as the caller unless the bucket is public), public download, the
// download behind a signed URL, and object info (what `info()` and `exists()` read). Mirrors storage-api's
// getObject, getPublicObject, getSignedObject and getObjectInfo routes.
import { stat } from 'node:fs/promises'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { renderObject } from './render.ts'
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
  // Without a valid JWT (routes that tolerate one) only public buckets can be read.
  if (!request.caller.authenticated && !found?.public) throw errors.accessDenied('Access denied to this bucket')
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
  const claims = verifyObjectToken(ctx.keys, request.query.get('token'), `${bucket}/${key}`, 'download')
  const row = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindObject(tx, bucket, key))
  const expires = typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined
  await renderObject(ctx, request, row, { download: request.query.get('download'), expires })
}

async function sendInfo(ctx: StorageContext, request: StorageRequest, row: ObjectRow): Promise<void> {
  const file = ctx.disk.pathOf({ bucket: row.bucket_id, key: row.name, version: row.version ?? '' })
  if (!file || !(await stat(file).catch(() => undefined))) throw errors.noSuchKey()
  const meta = row.metadata ?? {}
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache' }
  if (meta.eTag) headers.ETag = meta.eTag
  sendJson(
    request.res,
    200,
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      // Supabase answers {} for an object uploaded without user metadata.
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    headers,
  )
}

export const objectInfo: Handler = async (ctx, request) => {
  const { bucket, key } = target(request)
  const row = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, bucket, key))
  await sendInfo(ctx, request, row)
}

export const publicObjectInfo: Handler = async (ctx, request) => {
  await sendInfo(ctx, request, await findReadable(ctx, request, true))
}
