// The Auth service's database access: a pool logged in as supabase_auth_admin (the role GoTrue uses, which owns
// the auth schema), in UTC, with timestamps kept as text so microseconds survive into the JSON GoTrue returns.
import pg from 'pg'
import { createPool } from '../db/pools.ts'

export type Queryable = pg.Pool | pg.PoolClient

/** Thrown inside a transaction to commit what was done and still answer with `error` (GoTrue's CommitWithError). */
export class CommitThenFail extends Error {
  constructor(readonly error: Error) {
    super(error.message)
  }
}

const textTimestamps = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    // 1114 timestamp, 1184 timestamptz: left as PostgreSQL's text, converted by goTime().
    if (oid === 1114 || oid === 1184) return (value: string) => value
    return pg.types.getTypeParser(oid, format)
  },
} as pg.CustomTypesConfig

export function createAuthPool(
  dbUrl: string,
  options: { max?: number; log?: (message: string) => void } = {},
): pg.Pool {
  return createPool({
    url: dbUrl,
    role: 'supabase_auth_admin',
    password: 'postgres',
    applicationName: 'summit-auth',
    max: options.max ?? 10,
    types: textTimestamps,
    options: '-c TimeZone=UTC -c search_path=auth',
    // A lost database fails a request within a few seconds (answered 503) instead of queueing it for 10.
    connectionTimeoutMillis: 3000,
    log: options.log,
  })
}

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('begin')
    try {
      const result = await work(client)
      await client.query('commit')
      return result
    } catch (error) {
      if (error instanceof CommitThenFail) {
        await client.query('commit')
        throw error.error
      }
      await client.query('rollback').catch(() => {})
      throw error
    }
  } finally {
    client.release()
  }
}

/**
 * PostgreSQL's text form of a UTC timestamp ("2024-05-01 10:20:30.123456+00", or JSON's "…T…+00:00") as Go writes
 * a time.Time in JSON ("2024-05-01T10:20:30.123456Z").
 */
export function goTime(text: string): string
export function goTime(text: string | null | undefined): string | undefined
export function goTime(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined) return undefined
  return text.replace(' ', 'T').replace(/(\+00(:00)?|Z)$/, 'Z')
}

export function timeMs(text: string | null | undefined): number | undefined {
  if (text === null || text === undefined) return undefined
  const iso = goTime(text)
  return Date.parse(iso.endsWith('Z') ? iso : `${iso}Z`)
}
