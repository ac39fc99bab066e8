// Unit tests of the per-request settings: the headers and cookies SQL reads keep every name the client sent,
// including names of Object.prototype members.
import { describe, expect, it } from 'vitest'
import { parsePreferences } from '../request/preferences.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import type { RequestContext } from '../request/context.ts'
import { transactionSettings } from './settings.ts'

function context(headers: Record<string, string>, schema = 'api', extraSearchPath: string[] = []): RequestContext {
  const cache = fakeCache()
  cache.roleSettings.set('anon', [['statement_timeout', '3s']])
  return {
    method: 'GET',
    path: '/courses',
    query: '',
    headers,
    caller: { role: 'anon', claims: { role: 'anon' }, claimsJson: '{"role":"anon"}', isAnon: true },
    cache,
    settings: { schemas: ['api'], extraSearchPath, maxRows: undefined },
    schema,
    negotiatedByProfile: false,
    prefs: parsePreferences(undefined),
  }
}

describe('transaction settings', () => {
  it('passes headers and cookies named after Object.prototype members to SQL like any other', () => {
    const settings = new Map(
      transactionSettings(context({ ['__proto__']: 'h', constructor: 'c', cookie: '__proto__=1; toString=2; a=3' })),
    )
    expect(JSON.parse(settings.get('request.headers')!)).toEqual({
      ['__proto__']: 'h',
      constructor: 'c',
      cookie: '__proto__=1; toString=2; a=3',
    })
    expect(Object.keys(JSON.parse(settings.get('request.cookies')!) as object)).toEqual(['__proto__', 'toString', 'a'])
  })

  it("sets them in PostgREST's order: search_path, the role's settings, the role, then the request", () => {
    const names = transactionSettings(context({})).map(([name]) => name)
    expect(names).toEqual([
      'search_path',
      'statement_timeout',
      'role',
      'request.jwt.claims',
      'request.method',
      'request.path',
      'request.headers',
      'request.cookies',
    ])
  })

  it('quotes every schema of the search path and drops none, as escapeIdentList does', () => {
    const settings = new Map(transactionSettings(context({}, 'public', ['public', 'extensions', 'we"ird'])))
    expect(settings.get('search_path')).toBe('"public", "public", "extensions", "we""ird"')
  })
})
