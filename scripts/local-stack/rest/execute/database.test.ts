// Tests of the connection pool against SUMMIT_TEST_DB_URL: prepared statements are named by a hash of their text,
// and a database that stops answering cannot hold a connection forever (the pipeline gives up and the connection
// is thrown away, so the pool opens a fresh one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authenticatorUrl, RestPool, statementName, stallTimeoutMs } from './database.ts'

const dbUrl = process.env.SUMMIT_TEST_DB_URL

describe('prepared statement names', () => {
  it('are a short hash of the text: the same for the same text, different for another', () => {
    const long = `SELECT ${'1, '.repeat(10_000)}1`
    expect(statementName(long)).toBe(statementName(long))
    expect(statementName(long)).not.toBe(statementName(`${long}, 2`))
    expect(statementName(long)).toMatch(/^pgrst_[A-Za-z0-9_-]{20}$/)
  })

  it('tell apart texts of one length asked in turn, each built anew', () => {
    const text = (table: string) => ['SELECT * FROM ', table, ' WHERE id = $1'].join('')
    const a = statementName(text('aa'))
    const b = statementName(text('bb'))
    expect(a).not.toBe(b)
    for (let i = 0; i < 3; i++) {
      expect(statementName(text('aa'))).toBe(a)
      expect(statementName(text('bb'))).toBe(b)
    }
  })
})

describe('stall timeout', () => {
  it("is the role's statement_timeout and a margin, or a generous default without one", () => {
    expect(stallTimeoutMs([['statement_timeout', '3s']])).toBe(13_000)
    expect(stallTimeoutMs([['statement_timeout', '1500']])).toBe(11_500)
    expect(stallTimeoutMs([['statement_timeout', '2min']])).toBe(130_000)
    expect(stallTimeoutMs([['role', 'anon']])).toBe(300_000)
    expect(stallTimeoutMs([['statement_timeout', '0']])).toBe(300_000)
  })
})

describe.skipIf(!dbUrl)('connection pool', () => {
  let pool: RestPool
  beforeAll(() => {
    pool = new RestPool(authenticatorUrl(dbUrl!), 1)
  })
  afterAll(async () => {
    await pool.end()
  })

  it('gives up on a pipeline the database does not answer in time, and replaces the connection', async () => {
    const started = Date.now()
    const stalled = pool.withClient((client) =>
      pool.pipeline(client, [{ text: 'SELECT pg_sleep(5)', values: [] }], 300),
    )
    await expect(stalled).rejects.toMatchObject({ code: 'PGRST_STALLED' })
    expect(Date.now() - started).toBeLessThan(2000)
    // The pool has one connection: it must be usable again at once.
    const rows = await pool.withClient((client) =>
      pool.pipeline(client, [{ text: 'SELECT $1::int + 1', values: ['41'] }]),
    )
    expect(rows).toEqual([[['42']]])
  })
})
