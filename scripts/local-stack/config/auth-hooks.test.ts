// [auth.hook.*] as the CLI passes it to GoTrue and as GoTrue checks it when it starts.
import { describe, expect, it } from 'vitest'
import { authHookFrom, authHookSettingsFrom } from './auth-hooks.ts'

const secret = `v1,whsec_${Buffer.from('a-32-byte-secret-for-the-tests!!').toString('base64')}`

describe('authHookFrom', () => {
  it('reads a Postgres function hook into its schema and function name', () => {
    const hooks = { h: { enabled: true, uri: 'pg-functions://postgres/private/hook_password_verification_attempt' } }
    expect(authHookFrom(hooks, 'h')).toEqual({
      kind: 'pg-function',
      uri: 'pg-functions://postgres/private/hook_password_verification_attempt',
      schema: 'private',
      name: 'hook_password_verification_attempt',
    })
  })

  it('ignores a hook that is off or absent', () => {
    expect(authHookFrom({ h: { enabled: false, uri: 'not even a uri' } }, 'h')).toBeUndefined()
    expect(authHookSettingsFrom({})).toEqual({
      passwordVerificationAttempt: undefined,
      mfaVerificationAttempt: undefined,
    })
  })

  it('refuses what GoTrue would not start with', () => {
    const check = (hook: Record<string, unknown>) => () => authHookFrom({ h: { enabled: true, ...hook } }, 'h')
    expect(check({})).toThrow('"auth.hook.h.uri" is required when the hook is enabled')
    expect(check({ uri: 'pg-functions://postgres/private' })).toThrow('invalid table name')
    expect(check({ uri: 'pg-functions://postgres/bad-schema/f' })).toThrow('invalid schema name: bad-schema')
    expect(check({ uri: 'pg-functions://postgres/s/f', secrets: secret })).toThrow('unsupported for pg-functions')
    expect(check({ uri: 'http://example.com/hook', secrets: secret })).toThrow(
      'only localhost, 127.0.0.1, and ::1 are supported with http',
    )
    expect(check({ uri: 'https://example.com/hook', secrets: 'v1,not-a-secret' })).toThrow('invalid secret format')
    expect(check({ uri: 'ftp://example.com/hook' })).toThrow('only postgres hooks and HTTPS functions')
  })

  it('reads an HTTP hook with its secrets, from env() when set', () => {
    const hooks = { h: { enabled: true, uri: 'https://example.com/hook', secrets: 'env(HOOK_SECRET)' } }
    expect(authHookFrom(hooks, 'h', { HOOK_SECRET: `${secret}|${secret}` })).toEqual({
      kind: 'http',
      uri: 'https://example.com/hook',
      secrets: [secret, secret],
    })
  })
})
