// What `supabase db reset` recreates beyond what its drop script removes: under the CLI the whole database is made
// anew, so Storage's and Realtime's tables start empty. Storage then creates the config.toml buckets again
// (storage/sync-buckets.ts, called by the stack after the reset) before the objects_path files are uploaded.
import type pg from 'pg'

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
