// Unit tests of the account functions' shared helpers: claims from a bearer token, the database's raised API errors
// and returned refusals as HttpError.
import assert from 'node:assert/strict'
import { aal2Required, apiErrorOf, claimsOf, refusalOf } from './account.ts'
import { HttpError } from './http.ts'

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

Deno.test('claimsOf decodes the payload of a bearer token (base64url, any padding)', () => {
  const claims = { sub: 'u', aal: 'aal1', amr: [{ method: 'passkey', timestamp: 1 }], name: 'Zoë ✓' }
  assert.deepEqual(claimsOf(`Bearer ${base64url({ alg: 'HS256' })}.${base64url(claims)}.sig`), claims)
  assert.deepEqual(claimsOf(`bearer ${base64url({})}.${base64url({ a: 1 })}.x`), { a: 1 })
})

Deno.test('claimsOf answers {} for anything that is not a token with an object payload', () => {
  for (
    const header of [null, '', 'Basic abc', 'Bearer', 'Bearer abc', 'Bearer a.%%%.c', `Bearer a.${base64url([1])}.c`]
  ) {
    assert.deepEqual(claimsOf(header), {}, String(header))
  }
})

Deno.test('apiErrorOf turns a raise_api_error (SQLSTATE PGRST) into its status, code, message and fields', () => {
  const error = apiErrorOf({
    code: 'PGRST',
    message: JSON.stringify({ code: 'forbidden', message: 'You are the last owner of A.', details: { schools: [] } }),
    detail: JSON.stringify({ status: 403, headers: {} }),
  })
  assert.ok(error instanceof HttpError)
  assert.deepEqual([error.status, error.code, error.message, error.fields], [
    403,
    'forbidden',
    'You are the last owner of A.',
    undefined,
  ])
  const invalid = apiErrorOf({
    code: 'PGRST',
    message: JSON.stringify({ code: 'validation_failed', message: 'M', details: { fields: { a: 'b' } } }),
    detail: JSON.stringify({ status: 422 }),
  })
  assert.deepEqual(invalid?.fields, { a: 'b' })
})

Deno.test('apiErrorOf leaves other errors alone', () => {
  assert.equal(apiErrorOf(new Error('connection refused')), undefined)
  assert.equal(apiErrorOf({ code: '23505', message: 'duplicate' }), undefined)
  assert.equal(apiErrorOf({ code: 'PGRST', message: 'not json' }), undefined)
  assert.equal(apiErrorOf(null), undefined)
})

Deno.test('refusalOf turns a returned refusal into an HttpError, with Retry-After when it says how long', () => {
  const limited = refusalOf({ error: { code: 'rate_limited', message: 'Wait.', status: 429, retry_after_s: 120 } })
  assert.deepEqual([limited?.status, limited?.code, limited?.headers], [429, 'rate_limited', { 'Retry-After': '120' }])
  const invalid = refusalOf({ error: { code: 'code_invalid', message: 'No.', status: 400 } })
  assert.deepEqual([invalid?.status, invalid?.code, invalid?.headers], [400, 'code_invalid', undefined])
  assert.equal(refusalOf({ factors_removed: 1 }), undefined)
  assert.equal(refusalOf(null), undefined)
})

Deno.test('aal2Required is a 403 with the code of PRODUCT.md §8', () => {
  const error = aal2Required('Confirm it is you.')
  assert.deepEqual([error.status, error.code, error.message], [403, 'aal2_required', 'Confirm it is you.'])
})
