// The buckets config.toml declares ([storage.buckets.<name>]) exist after start, with its public flag, size limit
// and allowed types: `supabase start` creates the missing ones and updates the others through the Storage API; we
// do the same in one statement each, as supabase_storage_admin (the tables' owner, so RLS does not apply). After a
// database reset the stack calls reseedConfigBuckets, as `supabase seed buckets` runs after the CLI's reset.
import type { StorageSettings } from '../config/storage.ts'
import { StorageDb } from './db.ts'
import { StorageError } from './errors.ts'
import { mustBeValidBucketName, validateBucketMimeTypes } from './validate.ts'

const upsertBucket =
  'insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, $4) ' +
  'on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit, ' +
  'allowed_mime_types = excluded.allowed_mime_types, updated_at = now()'

export async function syncConfigBuckets(db: StorageDb, settings: StorageSettings): Promise<void> {
  for (const [name, bucket] of Object.entries(settings.buckets)) {
    try {
      mustBeValidBucketName(name)
      if (bucket.allowedMimeTypes) validateBucketMimeTypes(bucket.allowedMimeTypes)
    } catch (error) {
      const reason = error instanceof StorageError ? error.message : String(error)
      throw new Error(`supabase/config.toml: [storage.buckets.${name}]: ${reason}`, { cause: error })
    }
    await db.admin.query(upsertBucket, [name, bucket.public, bucket.fileSizeLimit, bucket.allowedMimeTypes])
  }
}

/** The config.toml buckets created again after a database reset, connecting with the superuser's `url`. */
export async function reseedConfigBuckets(superuserUrl: string, settings: StorageSettings): Promise<void> {
  if (!settings.enabled || Object.keys(settings.buckets).length === 0) return
  const db = new StorageDb(superuserUrl)
  try {
    await syncConfigBuckets(db, settings)
  } finally {
    await db.end()
  }
}
