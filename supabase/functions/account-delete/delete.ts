// The deletion of an account, in the order that leaves nothing half-deleted:
//
//   1. BEGIN on a direct database connection.
//   2. public.delete_account(user_id, claims) locks the Auth user, refuses a last owner of a school (forbidden) and
//      a session without a second factor when the user has one (aal2_required), then deletes the Auth user and, by
//      the foreign keys' cascades, every row of theirs; it runs the deferred constraint checks at once, and answers
//      the Storage objects that go with the account (avatars/{user_id}/..., their certificates' PDFs).
//   3. Storage: every object is downloaded first (kept in memory: an avatar is at most 2 MiB, a certificate a few
//      hundred KiB), then removed bucket by bucket through the Storage API.
//   4. COMMIT.
//
// A refusal in 2 or any failure in 3 rolls the transaction back: the user, their rows and their sessions are as
// they were. If Storage fails after removing some objects (a second bucket after the first), the removed objects
// are uploaded again from the copies before the rollback, and after it their rows get back the owner they had, so
// the files are intact too. Storage goes before COMMIT (not after) because a commit followed by a failed removal
// would leave the account gone and its files behind, with nothing left to say whose they were; and COMMIT cannot
// fail on a constraint after Storage succeeded, since 2 checked the deferred ones already. The objects' rows are
// not locked by the transaction, so Storage's own deletes do not wait on it.
import { apiErrorOf } from '../_shared/account.ts'
import type { JSONValue, Sql } from '../_shared/database.ts'

export interface StoredObject {
  bucket: string
  path: string
  /** Who the object's row names as its owner (storage.objects.owner, owner_id), to put back on a restored copy. */
  owner?: string | null
  ownerId?: string | null
}

export interface ObjectCopy extends StoredObject {
  bytes: Uint8Array
  contentType: string
}

/** What the deletion needs of Storage; the function passes the Storage API, tests can pass one that fails. */
export interface ObjectStore {
  download(object: StoredObject): Promise<ObjectCopy>
  remove(bucket: string, paths: string[]): Promise<void>
  restore(copy: ObjectCopy): Promise<void>
}

/** The objects grouped by bucket, in a stable order. */
export function byBucket(objects: StoredObject[]): Map<string, string[]> {
  const groups = new Map<string, string[]>()
  for (const object of [...objects].sort((a, b) => a.bucket.localeCompare(b.bucket) || a.path.localeCompare(b.path))) {
    groups.set(object.bucket, [...(groups.get(object.bucket) ?? []), object.path])
  }
  return groups
}

/** A removal that failed: `restored` are the objects uploaded again from their copies. */
export class RemovalFailed extends Error {
  constructor(readonly restored: StoredObject[], options: { cause: unknown }) {
    super("Storage failed while removing the account's files", options)
    this.name = 'RemovalFailed'
  }
}

/**
 * Removes the objects, all or none: copies first, then one removal per bucket; when one fails, the buckets
 * already emptied are filled again from the copies and RemovalFailed is thrown.
 */
export async function removeAll(store: ObjectStore, objects: StoredObject[]): Promise<void> {
  const copies: ObjectCopy[] = []
  for (const object of objects) copies.push(await store.download(object))
  const removed: string[] = []
  try {
    for (const [bucket, paths] of byBucket(objects)) {
      await store.remove(bucket, paths)
      removed.push(bucket)
    }
  } catch (error) {
    const restored: StoredObject[] = []
    for (const copy of copies.filter((c) => removed.includes(c.bucket))) {
      try {
        await store.restore(copy)
        restored.push({ bucket: copy.bucket, path: copy.path, owner: copy.owner, ownerId: copy.ownerId })
      } catch (restoreError) {
        console.error(`could not restore ${copy.bucket}/${copy.path} after a failed deletion:`, restoreError)
      }
    }
    throw new RemovalFailed(restored, { cause: error })
  }
}

export interface Deleted {
  objects_removed: number
}

/**
 * Deletes the user, their rows and their files in one transaction (see the header). Refusals of the database come
 * back as HttpError (forbidden, aal2_required, not_signed_in); a Storage or connection failure is rethrown as is,
 * after the rollback.
 */
export async function deleteAccount(
  sql: Sql,
  store: ObjectStore,
  userId: string,
  claims: Record<string, unknown>,
): Promise<Deleted> {
  try {
    return await sql.begin(async (tx) => {
      // Wait for a concurrent change of the same user or school a little, not forever.
      await tx`set local lock_timeout = '10s'`
      const rows = await tx<{ bucket_id: string; name: string; owner: string | null; owner_id: string | null }[]>`
        select d.bucket_id, d.name, o.owner, o.owner_id
        from public.delete_account(${userId}::uuid, ${tx.json(claims as JSONValue)}) d
        left join storage.objects o on o.bucket_id = d.bucket_id and o.name = d.name
      `
      const objects = rows.map((row) => ({
        bucket: row.bucket_id,
        path: row.name,
        owner: row.owner,
        ownerId: row.owner_id,
      }))
      await removeAll(store, objects)
      return { objects_removed: objects.length }
    })
  } catch (error) {
    if (error instanceof RemovalFailed) {
      // The transaction rolled back; the restored copies were uploaded by the service, so their rows name no owner.
      // Give them back the owner they had, then answer the Storage failure (a 500: nothing was deleted).
      if (error.restored.length > 0) await restoreOwners(sql, error.restored)
      throw error.cause
    }
    throw apiErrorOf(error) ?? error
  }
}

async function restoreOwners(sql: Sql, objects: StoredObject[]): Promise<void> {
  const rows = objects.map((o) => ({
    bucket: o.bucket,
    path: o.path,
    owner: o.owner ?? null,
    owner_id: o.ownerId ?? null,
  }))
  await sql`
    update storage.objects o set owner = r.owner, owner_id = r.owner_id
    from jsonb_to_recordset(${sql.json(rows)}) as r(bucket text, path text, owner uuid, owner_id text)
    where o.bucket_id = r.bucket and o.name = r.path
  `
}
