// The GitHub job's bridge from `supabase status -o json` to the tests' SUMMIT_TEST_* variables: new and legacy key
// names, notices around the JSON, and a status that lacks a value fails instead of leaving a test on a default.
import { describe, expect, it } from 'vitest'
import { parseStatus, testEnvironment } from './supabase-start-env.ts'

const status = {
  API_URL: 'http://127.0.0.1:54321',
  DB_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
  PUBLISHABLE_KEY: 'sb_publishable_x',
  SECRET_KEY: 'sb_secret_y',
  ANON_KEY: 'eyJ.anon',
  SERVICE_ROLE_KEY: 'eyJ.service',
  MAILPIT_URL: 'http://127.0.0.1:54324',
}

describe('testEnvironment', () => {
  it('prefers the new keys and the Mailpit URL', () => {
    expect(testEnvironment(status)).toEqual([
      'SUMMIT_TEST_API_URL=http://127.0.0.1:54321',
      'SUMMIT_TEST_DB_URL=postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      'SUMMIT_TEST_PUBLISHABLE_KEY=sb_publishable_x',
      'SUMMIT_TEST_SECRET_KEY=sb_secret_y',
      'SUMMIT_TEST_INBOX_URL=http://127.0.0.1:54324',
      'VITE_SUPABASE_URL=http://127.0.0.1:54321',
      'VITE_SUPABASE_PUBLISHABLE_KEY=sb_publishable_x',
    ])
  })

  it('falls back to the legacy JWT keys and Inbucket of older CLIs', () => {
    const { PUBLISHABLE_KEY: _p, SECRET_KEY: _s, MAILPIT_URL: _m, ...old } = status
    const lines = testEnvironment({ ...old, INBUCKET_URL: 'http://127.0.0.1:54324' })
    expect(lines).toContain('SUMMIT_TEST_PUBLISHABLE_KEY=eyJ.anon')
    expect(lines).toContain('SUMMIT_TEST_SECRET_KEY=eyJ.service')
    expect(lines).toContain('SUMMIT_TEST_INBOX_URL=http://127.0.0.1:54324')
  })

  it('names every variable a status cannot supply', () => {
    const { API_URL: _a, MAILPIT_URL: _m, ...partial } = status
    expect(() => testEnvironment(partial)).toThrow(
      /SUMMIT_TEST_API_URL \(from API_URL\), SUMMIT_TEST_INBOX_URL \(from MAILPIT_URL or INBUCKET_URL\), VITE_SUPABASE_URL/,
    )
  })
})

describe('parseStatus', () => {
  it('finds the JSON among notices', () => {
    expect(parseStatus(`Stopped services: [studio]\n${JSON.stringify(status)}\n`)).toEqual(status)
  })

  it('says so when there is none', () => {
    expect(() => parseStatus('supabase start is not running.')).toThrow(/no JSON/)
  })
})
