// The database as its owner (postgres), for journeys that must set up what no user can: moving a timestamp into the
// past instead of sleeping through a cooldown or a time limit.
import pg from 'pg'

export const dbUrl = process.env.SUMMIT_TEST_DB_URL || 'postgresql://postgres:postgres@127.0.0.1:54322/postgres'

/** Runs one statement as postgres and answers its rows. */
export async function sql<Row extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: dbUrl })
  await client.connect()
  try {
    return (await client.query<Row>(text, params)).rows
  } finally {
    await client.end()
  }
}
