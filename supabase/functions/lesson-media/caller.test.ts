// Unit tests of the claims lesson-media refuses before calling the API: a role that is not an API role (401) and a
// subject that is not a user id (422); a session's claims, the anon key's and an unreadable token pass.
import assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import { checkCallerClaims } from './caller.ts'

function bearer(claims: Record<string, unknown>): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `Bearer ${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`
}

function refusal(authorization: string | null): [number, string] | undefined {
  try {
    checkCallerClaims(authorization)
    return undefined
  } catch (error) {
    assert.ok(error instanceof HttpError)
    return [error.status, error.code]
  }
}

Deno.test('a session, the anon key, no token and an unreadable token pass', () => {
  assert.equal(refusal(bearer({ sub: '7f1c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f', role: 'authenticated' })), undefined)
  assert.equal(refusal(bearer({ role: 'anon' })), undefined)
  assert.equal(refusal(null), undefined)
  assert.equal(refusal('Bearer not-a-jwt'), undefined)
})

Deno.test('a role that is not an API role is 401', () => {
  for (const role of ['postgres', 'supabase_admin', '', 42, null, ['authenticated']]) {
    assert.deepEqual(refusal(bearer({ sub: '7f1c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f', role })), [401, 'not_signed_in'])
  }
})

Deno.test('a subject that is not a user id is 422', () => {
  for (const sub of ['admin', '', 7, '7f1c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f; drop']) {
    assert.deepEqual(refusal(bearer({ sub, role: 'authenticated' })), [422, 'validation_failed'])
  }
})
