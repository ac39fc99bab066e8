// `move()` and `copy()`, as storage-api's moveObject/copyObject: the caller's RLS decides on both ends (move: SELECT
// of the source and an UPDATE renaming it into the destination; copy: SELECT of the source and an INSERT, or with
// x-upsert an upsert, of the destination row carrying the metadata it will have), then the server links the bytes
// to a new version and writes the row in one transaction. Like storage-api, the destination bucket's size and type
// limits are not applied: they guard uploaded bytes, and policies on the destination guard copies. Files of versions
// no row points to any more go after commit; a failure removes the new link.
import { randomUUID } from 'node:crypto'
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import type { Tx } from '../db.ts'
import type { Located } from '../disk.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { readJson } from '../http.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { findObject, lockName, mustFindObject, ownerUuid, writeObject, type ObjectRow } from './rows.ts'

interface Transfer {
  from: { bucket: string; key: string }
  to: { bucket: string; key: string }
  body: Record<string, unknown>
}

async function readTransfer(request: StorageRequest): Promise<Transfer> {
  const body = await readJson(request.req)
  for (const name of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (body[name] === undefined) throw errors.validation(`body must have required property '${name}'`)
    if (typeof body[name] !== 'string') throw errors.validation(`body/${name} must be string`)
  }
  const bucket = body.bucketId as string
  const destination =
    typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucket
  mustBeValidBucketName(bucket)
  mustBeValidBucketName(destination)
  mustBeValidKey(body.sourceKey as string)
  mustBeValidKey(body.destinationKey as string)
  return {
    from: { bucket, key: body.sourceKey as string },
    to: { bucket: destination, key: body.destinationKey as string },
    body,
  }
}

/**
 * Links the source's bytes as the new version, runs `write` as the server, and tidies files either way: `write`
 * answers with the file no row points to any more (a move's source, a copy's replaced destination).
 */
async function relink(
  ctx: StorageContext,
  request: StorageRequest,
  source: ObjectRow,
  to: Located,
  write: (tx: Tx) => Promise<Located | undefined>,
): Promise<void> {
  await ctx.disk.duplicate({ bucket: source.bucket_id, key: source.name, version: source.version ?? '' }, to)
  let replaced: Located | undefined
  try {
    replaced = await ctx.db.run(scopeOf(request, serviceCaller), write)
  } catch (error) {
    await ctx.disk.remove(to)
    throw error
  }
  if (replaced) await ctx.disk.remove(replaced)
}

export const moveObject: Handler = async (ctx, request) => {
  const { from, to } = await readTransfer(request)
  const version = randomUUID()
  const owner = request.caller.sub
  const rename =
    'update storage.objects set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7 ' +
    'where bucket_id = $1 and name = $2'
  const values = [from.bucket, from.key, to.bucket, to.key, version, ownerUuid(owner), owner ?? null]
  await ctx.db.dryRun(scopeOf(request), async (tx) => {
    await mustFindObject(tx, from.bucket, from.key)
    if ((await tx.exec(rename, values)) === 0) throw errors.noSuchKey()
  })
  const source = await ctx.db.run(scopeOf(request, serviceCaller), (tx) => mustFindObject(tx, from.bucket, from.key))
  if (from.bucket !== to.bucket || from.key !== to.key) {
    await relink(ctx, request, source, { ...to, version }, async (tx) => {
      await lockName(tx, to.bucket, to.key)
      const current = await findObject(tx, from.bucket, from.key, true)
      if (!current) throw errors.noSuchKey()
      await tx.exec(rename, values)
      // The moved row now points at the new link; the source's own file is left to no one.
      return current.version ? { bucket: from.bucket, key: from.key, version: current.version } : undefined
    })
  }
  const [moved] = await ctx.db.run(scopeOf(request, serviceCaller), (tx) =>
    tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [to.bucket, to.key]),
  )
  // storage-api answers the moved row's id and its name (without the bucket) besides the message.
  sendJson(request.res, 200, { message: 'Successfully moved', Id: moved?.id, Key: to.key })
}

/** The destination's file metadata: the source's, or with copyMetadata false the source's overridden by `given`. */
function copiedMetadata(source: ObjectRow, given: Record<string, unknown>, copyMetadata: boolean) {
  const metadata: Record<string, unknown> = { ...(source.metadata ?? {}) }
  if (copyMetadata) return metadata
  if (typeof given.cacheControl === 'string') metadata.cacheControl = given.cacheControl
  if (typeof given.mimetype === 'string') metadata.mimetype = given.mimetype
  return metadata
}

/** User metadata of a copy made with copyMetadata false: the base64 JSON of x-metadata, as on uploads. */
function headerUserMetadata(header: string | string[] | undefined): Record<string, unknown> | undefined {
  if (typeof header !== 'string') return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(header, 'base64').toString('utf8'))
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

export const copyObject: Handler = async (ctx, request) => {
  const { from, to, body } = await readTransfer(request)
  const copied = await copyBetween(ctx, request, {
    from,
    to,
    upsert: request.req.headers['x-upsert'] === 'true',
    copyMetadata: body.copyMetadata !== false,
    metadata: (body.metadata ?? {}) as Record<string, unknown>,
    userMetadata: headerUserMetadata(request.req.headers['x-metadata']),
  })
  sendJson(request.res, 200, { Id: copied?.id, Key: `${to.bucket}/${to.key}`, ...copied })
}

export interface CopyRequest {
  from: { bucket: string; key: string }
  to: { bucket: string; key: string }
  upsert: boolean
  /** Keep the source's metadata; else `metadata` (cacheControl, mimetype) and `userMetadata` replace it. */
  copyMetadata: boolean
  metadata: Record<string, unknown>
  userMetadata: Record<string, unknown> | undefined
}

/** Copies an object as the caller (RLS on the source's SELECT and the destination's write); answers the new row. */
export async function copyBetween(
  ctx: StorageContext,
  request: StorageRequest,
  { from, to, upsert, copyMetadata, metadata, userMetadata: given }: CopyRequest,
): Promise<ObjectRow | undefined> {
  const owner = request.caller.sub
  const source = await ctx.db.run(scopeOf(request), (tx) => mustFindObject(tx, from.bucket, from.key))
  const userMetadata = copyMetadata ? (source.user_metadata ?? undefined) : given
  const version = randomUUID()
  const object = {
    bucket: to.bucket,
    name: to.key,
    owner,
    version,
    metadata: copiedMetadata(source, metadata, copyMetadata),
    userMetadata,
  }
  await ctx.db.dryRun(scopeOf(request), (tx) => writeObject(tx, object, upsert))
  let copied: ObjectRow | undefined
  await relink(ctx, request, source, { ...to, version }, async (tx) => {
    await lockName(tx, to.bucket, to.key)
    const current = await findObject(tx, to.bucket, to.key, true)
    if (current && !upsert) throw errors.keyAlreadyExists()
    await writeObject(tx, object, true)
    copied = await mustFindObject(tx, to.bucket, to.key)
    return current?.version ? { bucket: to.bucket, key: to.key, version: current.version } : undefined
  })
  return copied
}
