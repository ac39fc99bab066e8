// `remove()`: DELETE /object/{bucket} with {prefixes}, deleting as the caller (RLS decides which rows go; the others
// are silently kept, as with storage-api) and answering with the deleted rows; and DELETE /object/{bucket}/{key} for
// one object. Files are removed once the rows are gone for good.
import { serviceCaller } from '../caller.ts'
import { scopeOf, type Handler, type StorageContext } from '../context.ts'
import { errors } from '../errors.ts'
import { readJson, sendJson } from '../http.ts'
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

async function removeFiles(ctx: StorageContext, rows: ObjectRow[]): Promise<void> {
  for (const row of rows) {
    if (row.version) await ctx.disk.remove({ bucket: row.bucket_id, key: row.name, version: row.version })
  }
}

export const removeObjects: Handler = async (ctx, request) => {
  const { bucket } = request.params
  mustBeValidBucketName(bucket)
  const all = names(await readJson(request.req))
  const deleted: ObjectRow[] = []
  for (let i = 0; i < all.length; i += batchSize) {
    const batch = all.slice(i, i + batchSize)
    const rows = await ctx.db.run(scopeOf(request), (tx) =>
      tx.query<ObjectRow>('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [
        bucket,
        batch,
      ]),
    )
    await removeFiles(ctx, rows)
    deleted.push(...rows)
  }
  sendJson(request.res, 200, deleted)
}

export const removeObject: Handler = async (ctx, request) => {
  const { bucket, key } = request.params
  mustBeValidBucketName(bucket)
  mustBeValidKey(key)
  const row = await ctx.db.run(scopeOf(request, serviceCaller), async (tx) => {
    const found = await findObject(tx, bucket, key, true)
    if (!found) throw errors.noSuchKey()
    await tx.setScope(scopeOf(request))
    const count = await tx.exec('delete from storage.objects where bucket_id = $1 and name = $2', [bucket, key])
    if (count === 0) throw errors.accessDenied('Access denied')
    return found
  })
  await removeFiles(ctx, [row])
  sendJson(request.res, 200, { message: 'Successfully deleted' })
}
