// The stream can deliver a transaction a moment before other sessions see it: the commit record is flushed (and
// streamed) before the committing backend leaves the proc array. An RLS check in that moment would not find the row
// and drop the change for some subscribers. A transaction's lock on its own id outlives that moment, so waiting for
// the lock to go means every later snapshot sees the commit — as it always does for the real server, which polls.
import type pg from 'pg'

const RUNNING = `select exists (select 1 from pg_catalog.pg_locks
  where locktype = 'transactionid' and transactionid::text = any($1::text[])) as running`

/** Resolves once transactions `xids` have ended for every session (or after `limitMs`, to never stall the stream). */
export async function committedForAll(pool: pg.Pool, xids: number[], limitMs = 2000): Promise<void> {
  const deadline = Date.now() + limitMs
  const list = [...new Set(xids)].map(String)
  for (;;) {
    const { rows } = await pool.query<{ running: boolean }>(RUNNING, [list])
    if (!rows[0]?.running || Date.now() > deadline) return
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
}
