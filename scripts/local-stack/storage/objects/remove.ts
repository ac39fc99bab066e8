// `remove()`: DELETE /object/{bucket} with {prefixes}, deleting as the caller (RLS decides which rows go; the others
// are silently kept, as with storage-api) and answering with the deleted rows; and DELETE /object/{bucket}/{key} for
// one object. As in storage-api, the bytes go inside the rows' transaction and a file that cannot be removed fails
// the delete: here each file is first moved aside, so a failure puts every file back and keeps every row.
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext, type StorageRequest } from '../context.ts'
import type { Located } from '../disk.ts'
import { errors } from '../errors.ts'
import { sendJson } from '../../http/json.ts'
import { readJson } from '../http.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../validate.ts'
import { findObject, type ObjectRow } from './rows.ts'

/** storage-api deletes in batches of this many names. */
const batchSize = 500

function names(body: Record<string, unknown>): string[] {
  const prefixes = body.prefixes
  if (prefixes === undefined) throw errors.validation("body must have required property 'prefixes'")
  if (!Array.isArray(prefixes)) throw errors.validation('body/prefixes must be array')
  if (prefixes.length === 0) throw errors.validation('body/prefixes must NOT have fewer than 1 items')
  // storage-js 2.119 may send {path, versionId} entries; this server keeps no old versions, so only path counts.
  return prefixes.map((entry: unknown) => {
    const path = typeof entry === 'string' ? entry : (entry as { path?: unknown } | null)?.path
    if (typeof path !== 'string') throw errors.validation('body/prefixes/items must be string')
    return path
  })
}

interface Retired {
  aside: string
  target: Located
}

/** Moves the rows' files aside; if one cannot be moved, the others go back and the error fails the transaction. */
async function retireFiles(ctx: StorageContext, rows: ObjectRow[]): Promise<Retired[]> {
  const retired: Retired[] = []
  try {
    for (const row of rows) {
      if (!row.version) continue
      const target = { bucket: row.bucket_id, key: row.name, version: row.version }
      const aside = await ctx.disk.retire(target)
      if (aside) retired.push({ aside, target })
    }
    return retired
  } catch (error) {
    await restoreFiles(ctx, retired)
    throw error
  }
}

async function restoreFiles(ctx: StorageContext, retired: Retired[]): Promise<void> {
  for (const { aside, target } of retired) {
    await ctx.disk.restore(aside, target).catch((error: Error) => ctx.log(`restoring ${aside}: ${error.message}`))
  }
}

/**
 * Runs `remove` (which deletes rows and moves their files aside) as one transaction; the files go for good once it
 * commits, and come back if it does not.
 */
async function deleteWithFiles<T>(
  ctx: StorageContext,
  remove: (retire: (rows: ObjectRow[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  const retired: Retired[] = []
  try {
    const result = await remove(async (rows) => void retired.push(...(await retireFiles(ctx, rows))))
    await ctx.disk.purge(retired.map((r) => r.aside))
    return result
  } catch (error) {
    await restoreFiles(ctx, retired)
    throw error
  }
}

export const removeObjects: Handler = async (ctx, request) => {
  const { bucket } = request.params
  mustBeValidBucketName(bucket)
  const all = names(await readJson(request.req))
  sendJson(request.res, 200, await deleteObjects(ctx, request, bucket, all))
}

/** Deletes the named objects as the caller; answers the rows that went (RLS silently keeps the others). */
export async function deleteObjects(
  ctx: StorageContext,
  request: StorageRequest,
  bucket: string,
  all: string[],
): Promise<ObjectRow[]> {
  const deleted: ObjectRow[] = []
  for (let i = 0; i < all.length; i += batchSize) {
    const batch = all.slice(i, i + batchSize)
    const rows = await deleteWithFiles(ctx, (retire) =>
      ctx.db.run(scopeOf(request), async (tx) => {
        const gone = await tx.query<ObjectRow>(
          'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
          [bucket, batch],
        )
        await retire(gone)
        return gone
      }),
    )
    deleted.push(...rows)
  }
  return deleted
}

export const removeObject: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  await deleteObject(ctx, request, bucket, key)
  sendJson(request.res, 200, { message: 'Successfully deleted' })
}

/** Deletes one object as the caller: NoSuchKey when it is not there, AccessDenied when RLS keeps it. */
export async function deleteObject(
  ctx: StorageContext,
  request: StorageRequest,
  bucket: string,
  key: string,
): Promise<void> {
  await deleteWithFiles(ctx, (retire) =>
    ctx.db.run(scopeOf(request, serviceCaller), async (tx) => {
      const found = await findObject(tx, bucket, key, true)
      if (!found) throw errors.noSuchKey()
      await tx.setScope(scopeOf(request))
      const count = await tx.exec('delete from storage.objects where bucket_id = $1 and name = $2', [bucket, key])
      if (count === 0) throw errors.accessDenied('Access denied')
      await retire([found])
    }),
  )
}
