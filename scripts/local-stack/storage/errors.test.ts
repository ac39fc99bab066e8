// How database errors become Storage API answers: the SQLSTATEs a request can cause, and "too many connections"
// from the server or a pooler as storage-api's 429 SlowDown.
import { describe, expect, it } from 'vitest'
import { fromPgError } from './errors.ts'

const pgError = (code: string, message: string) => ({ code, message, severity: 'ERROR' })

describe('fromPgError', () => {
  it('answers 429 SlowDown when the database or its pooler refuses more connections', () => {
    for (const message of ['sorry, too many clients already', 'server login has been failing, cached error: x']) {
      const error = fromPgError(pgError('53300', message))
      expect(error.httpStatus).toBe(429)
      expect(error.render()).toEqual({
        statusCode: '429',
        code: 'SlowDown',
        error: 'too_many_connections',
        message: 'Too many connections issued to the database',
      })
    }
  })

  it('keeps the answers of the SQLSTATEs it knows, and a 500 DatabaseError for the rest', () => {
    expect(fromPgError(pgError('23505', 'duplicate key')).render().code).toBe('ResourceAlreadyExists')
    expect(fromPgError(pgError('57014', 'canceling statement')).httpStatus).toBe(544)
    const other = fromPgError(pgError('XX000', 'cache lookup failed'))
    expect([other.httpStatus, other.render().message]).toEqual([500, 'database error, code: XX000'])
  })
})
