// Unit tests of the statements that wrap or precede the main one: EXPLAIN for the plan media type and the
// db-pre-request call, named the way PostgREST names them.
import { describe, expect, it } from 'vitest'
import { explainStatement, preRequestStatement } from './request.ts'

describe('statements around the main one', () => {
  it('wraps the main statement in EXPLAIN with the format first, then the options', () => {
    const main = { text: 'SELECT $1::int', values: ['1'], name: 'pgrst_x' }
    expect(
      explainStatement(main, {
        format: 'json',
        output: { kind: 'json', stripNulls: false },
        forMime: 'application/json',
        options: ['analyze', 'wal'],
      }),
    ).toEqual({ text: 'EXPLAIN (FORMAT JSON, ANALYZE, WAL) SELECT $1::int', values: ['1'] })
  })

  it('calls the pre-request function by its name split at the first dot, quoted', () => {
    expect(preRequestStatement(undefined)).toBeUndefined()
    expect(preRequestStatement('')).toBeUndefined()
    expect(preRequestStatement('check')?.text).toBe('SELECT "check"()')
    expect(preRequestStatement('api.check')?.text).toBe('SELECT "api"."check"()')
    expect(preRequestStatement('api.check.more')?.text).toBe('SELECT "api"."check.more"()')
    expect(preRequestStatement('check.')?.text).toBe('SELECT "check"()')
    expect(preRequestStatement('.check')?.text).toBe('SELECT "check"()')
    expect(preRequestStatement('we"ird')?.text).toBe('SELECT "we""ird"()')
  })
})
