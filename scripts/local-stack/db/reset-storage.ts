// What `supabase db reset` recreates beyond what its drop script removes: under the CLI the whole database is made
// anew, so Storage's buckets and objects and Realtime's messages and subscriptions start empty, and the config.toml
// buckets are then created again (`supabase seed buckets`) before the objects_path files are uploaded.
import type pg from 'pg'
import type { StorageSettings } from '../config/storage.ts'
import { StorageDb } from '../storage/db.ts'
import { syncConfigBuckets } from '../storage/sync-buckets.ts'
import { asSuperuser } from './cluster.ts'

/** Service tables whose data a recreated database would not have; their migrations tables are kept. */
const recreatedTables = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and c.relispartition = false
    and (
      (n.nspname = 'storage' and c.relname <> 'migrations')
      or (n.nspname = 'realtime' and c.relname in ('messages', 'subscription'))
    )
  order by 1`

/** Empties Storage's and Realtime's tables, in the transaction-less session `client`, before the CLI's reset runs. */
export async function emptyRecreatedTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(recreatedTables)
  if (rows.length > 0) await client.query(`truncate ${rows.map((r) => r.name).join(', ')} cascade`)
  return rows.map((r) => r.name)
}

/** The config.toml buckets, created or updated as supabase_storage_admin, as storage does at start. */
export async function reseedConfigBuckets(url: string, settings: StorageSettings): Promise<void> {
  if (!settings.enabled || Object.keys(settings.buckets).length === 0) return
  const db = new StorageDb(asSuperuser(url))
  try {
    await syncConfigBuckets(db, settings)
  } finally {
    await db.end()
  }
}
