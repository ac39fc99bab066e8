// The rows of storage.objects and storage.buckets as the Storage handlers read and write them. Every statement is
// parameterised and runs in a transaction whose role decides what RLS lets through (see db.ts).
import type { Tx } from '../db.ts'
import { errors } from '../errors.ts'

/** What storage-api writes into objects.metadata for each stored version. */
export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
  /** The upload's valid x-robots-tag header, which downloads send back. */
  xRobotsTag?: string
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner_id: string | null
  version: string | null
  metadata: Partial<ObjectMetadata> | null
  user_metadata: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  last_accessed_at: Date | null
}

export interface BucketLimits {
  id: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
}

const objectColumns =
  'id, bucket_id, name, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

export async function findBucket(tx: Tx, id: string): Promise<BucketLimits | undefined> {
  const [row] = await tx.query<BucketLimits>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  )
  return row
}

export async function mustFindBucket(tx: Tx, id: string): Promise<BucketLimits> {
  const bucket = await findBucket(tx, id)
  if (!bucket) throw errors.noSuchBucket()
  return bucket
}

export async function findObject(
  tx: Tx,
  bucket: string,
  name: string,
  forUpdate = false,
): Promise<ObjectRow | undefined> {
  const [row] = await tx.query<ObjectRow>(
    `select ${objectColumns} from storage.objects where bucket_id = $1 and name = $2${forUpdate ? ' for update' : ''}`,
    [bucket, name],
  )
  return row
}

export async function mustFindObject(tx: Tx, bucket: string, name: string): Promise<ObjectRow> {
  const row = await findObject(tx, bucket, name)
  if (!row) throw errors.noSuchKey()
  return row
}

export interface NewObject {
  bucket: string
  name: string
  /** The JWT sub of the uploader; `owner` (uuid, deprecated) only gets it when it is a uuid. */
  owner: string | undefined
  version: string
  metadata: Partial<ObjectMetadata> | Record<string, unknown>
  userMetadata: Record<string, unknown> | undefined
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** The deprecated uuid `owner` column: the sub when it is a uuid, else null. */
export function ownerUuid(sub: string | undefined): string | null {
  return sub && uuid.test(sub) ? sub : null
}

function objectValues(o: NewObject): unknown[] {
  return [
    o.bucket,
    o.name,
    ownerUuid(o.owner),
    o.owner ?? null,
    o.version,
    JSON.stringify(o.metadata),
    o.userMetadata ?? null,
  ]
}

/**
 * Writes the row, or (upsert) replaces the one of the same name. Without RETURNING, so that a plain insert needs
 * only an INSERT policy, as with storage-api; an upsert also needs SELECT and UPDATE on the existing row.
 */
export async function writeObject(tx: Tx, object: NewObject, upsert: boolean): Promise<void> {
  await tx.query(
    'insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata) ' +
      'values ($1, $2, $3, $4, $5, $6, $7)' +
      (upsert
        ? ' on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, ' +
          'version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata'
        : ''),
    objectValues(object),
  )
}

/** Serialises writers of one name for the rest of the transaction (storage-api's waitObjectLock). */
export async function lockName(tx: Tx, bucket: string, name: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`${bucket}/${name}`])
}

export async function objectId(tx: Tx, bucket: string, name: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>('select id from storage.objects where bucket_id = $1 and name = $2', [
    bucket,
    name,
  ])
  if (!row) throw errors.noSuchKey()
  return row.id
}
