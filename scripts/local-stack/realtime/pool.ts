// Checking a connection out of the pool so that losing it cannot crash the process: pg-pool drops its own error
// listener while a client is checked out, and a connection terminated between two queries (what `stack reset` does)
// would otherwise emit an unhandled 'error'. The next query on it fails instead, and the client is discarded.
import type pg from 'pg'

const ignore = () => {}

export async function checkout(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect()
  client.on('error', ignore)
  return client
}

/** Returns the client; `broken` (a lost connection) makes the pool discard it. */
export function checkin(client: pg.PoolClient, broken?: Error): void {
  client.removeListener('error', ignore)
  client.release(broken)
}
