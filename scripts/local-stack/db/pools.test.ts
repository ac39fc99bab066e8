// The shared pool factory against a real database: a checked-out client whose backend is terminated does not crash
// the process, the error is classified as a connection error, and the pool serves the next query.
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createPool, isConnectionError } from './pools.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

describe.skipIf(!dbUrl)('createPool against a database', () => {
  const logged: string[] = []
  const pool = createPool({ url: dbUrl!, applicationName: 'summit-pools-test', max: 2, log: (m) => logged.push(m) })
  const admin = new pg.Client({ connectionString: dbUrl })
  afterAll(async () => {
    await pool.end()
    await admin.end()
  })

  it('survives the backend of a checked-out client being terminated, then serves the next query', async () => {
    await admin.connect()
    const uncaught: unknown[] = []
    const onUncaught = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', onUncaught)
    try {
      const client = await pool.connect()
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid')
      // Terminated between two queries, while the client is lent out and idle: the case pg-pool leaves unguarded.
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])
      await new Promise((resolve) => setTimeout(resolve, 200))
      const failure = await client.query('select 1').then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(isConnectionError(failure)).toBe(true)
      client.release(failure as Error)

      const next = await pool.query<{ ok: number }>('select 1 as ok')
      expect(next.rows).toEqual([{ ok: 1 }])
      expect(uncaught).toEqual([])
      expect(logged.some((line) => line.includes('summit-pools-test: database connection lost'))).toBe(true)
    } finally {
      process.off('uncaughtException', onUncaught)
    }
  })

  it('names its connections after the application', async () => {
    const { rows } = await pool.query<{ name: string }>('select current_setting($1) as name', ['application_name'])
    expect(rows[0]!.name).toBe('summit-pools-test')
  })

  it('logs in as the role it was given', async () => {
    const authPool = createPool({ url: dbUrl!, applicationName: 'summit-pools-test-role', role: 'supabase_auth_admin' })
    try {
      const { rows } = await authPool.query<{ role: string }>('select current_user as role')
      expect(rows[0]!.role).toBe('supabase_auth_admin')
    } finally {
      await authPool.end()
    }
  })
})

describe('isConnectionError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

  it('recognises network failures, shutdowns and connection exceptions', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'EPIPE',
      'ETIMEDOUT',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
    ])
      expect(isConnectionError(withCode(code)), code).toBe(true)
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true)
    expect(isConnectionError(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true)
  })

  it('does not treat statement errors or non-errors as the database being away', () => {
    expect(isConnectionError(withCode('23505', 'duplicate key'))).toBe(false)
    expect(isConnectionError(withCode('42501', 'permission denied'))).toBe(false)
    expect(isConnectionError('ECONNREFUSED')).toBe(false)
    expect(isConnectionError(undefined)).toBe(false)
  })
})
