// The publications the replication stream reads: supabase_realtime (the tables a project enables for
// postgres_changes) and the one for realtime.messages, which Realtime creates at runtime when it is missing — with
// publish_via_partition_root, so changes to the partitioned table arrive under its own name.
import type pg from 'pg'

export const PUBLICATION = 'supabase_realtime'
export const MESSAGES_PUBLICATION = 'supabase_realtime_messages_publication'

/** Makes sure the messages publication exists and returns the publications to stream (those that exist). */
export async function preparePublications(pool: pg.Pool): Promise<string[]> {
  const existing = await pool.query<{ pubname: string }>(
    'select pubname from pg_catalog.pg_publication where pubname = any($1::text[])',
    [[PUBLICATION, MESSAGES_PUBLICATION]],
  )
  const names = existing.rows.map((row) => row.pubname)
  if (!names.includes(MESSAGES_PUBLICATION)) {
    // DDL takes no parameters; the names are constants.
    await pool
      .query(
        `create publication ${MESSAGES_PUBLICATION} for table realtime.messages with (publish_via_partition_root = true)`,
      )
      .catch((error: { code?: string }) => {
        if (error.code !== '42710') throw error // created meanwhile by another instance
      })
    names.push(MESSAGES_PUBLICATION)
  }
  return names
}
