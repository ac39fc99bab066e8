// Unit tests of what counts as the database being away: the answers the Data API, Auth, Storage and a direct
// connection give then, and not the failures that are the call's own.
import assert from 'node:assert/strict'
import { isUnavailable } from './unavailable.ts'

Deno.test('the Data API, Auth, Storage and postgres.js saying the database is away', () => {
  for (
    const error of [
      { code: 'PGRST000', message: 'Database connection error. Retrying the connection.' },
      { code: 'PGRST002', message: 'Could not query the database for the schema cache. Retrying.' },
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '08006', message: 'connection failure' },
      { code: '53300', message: 'too many connections' },
      Object.assign(new Error('Database is unavailable, please try again later'), { status: 503 }),
      Object.assign(new Error('The connection to the database timed out'), { status: 544, statusCode: '544' }),
      Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }),
      new Error('request failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
    ]
  ) {
    assert.equal(isUnavailable(error), true, JSON.stringify(error))
  }
})

Deno.test("failures that are the call's own are not", () => {
  for (
    const error of [
      { code: '42501', message: 'permission denied' },
      { code: '23505', message: 'duplicate key' },
      { code: 'PGRST116', message: 'no rows' },
      Object.assign(new Error('Internal Server Error'), { status: 500 }),
      new Error('SITE_URL is not set'),
      null,
      'text',
    ]
  ) {
    assert.equal(isUnavailable(error), false, JSON.stringify(error))
  }
})
