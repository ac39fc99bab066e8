// Unit tests of the per-request settings: the headers and cookies SQL reads keep every name the client sent,
// including names of Object.prototype members.
import { describe, expect, it } from 'vitest'
import { parsePreferences } from '../request/preferences.ts'
import { fakeCache } from '../testing/fake-cache.ts'
import type { RequestContext } from '../request/context.ts'
import { transactionSettings } from './settings.ts'

function context(headers: Record<string, string>): RequestContext {
  return {
    method: 'GET',
    path: '/courses',
    query: '',
    headers,
    caller: { role: 'anon', claims: { role: 'anon' }, claimsJson: '{"role":"anon"}', isAnon: true },
    cache: fakeCache(),
    settings: { schemas: ['api'], extraSearchPath: [], maxRows: undefined },
    schema: 'api',
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
})
