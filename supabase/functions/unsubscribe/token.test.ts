// Unit tests of the unsubscribe tokens: a token verifies for the user and kind it was signed for, and any edit (the
// user, the kind, the signature, the version) or another key makes it worthless; the key comes from
// UNSUBSCRIBE_SECRET or, without it, from the service role key.
import * as assert from 'node:assert/strict'
import { signUnsubscribeToken, unsubscribeSecret, verifyUnsubscribeToken } from './token.ts'

const secret = 'a-test-secret-that-is-long-enough-to-use'
const userId = '3f1e2d4c-5b6a-4789-9abc-def012345678'
const other = '00000000-0000-4000-8000-000000000001'

Deno.test('a token verifies for its user and kind', async () => {
  const token = await signUnsubscribeToken(secret, { userId, kind: 'announcement' })
  assert.match(token, /^v1\.[0-9a-f-]{36}\.announcement\.[A-Za-z0-9_-]{43}$/)
  assert.deepEqual(await verifyUnsubscribeToken(secret, token), { userId, kind: 'announcement' })
})

Deno.test('an edited token is refused: another user, another kind, a changed signature or version', async () => {
  const token = await signUnsubscribeToken(secret, { userId, kind: 'announcement' })
  const [version, , kind, signature] = token.split('.')
  assert.equal(await verifyUnsubscribeToken(secret, [version, other, kind, signature].join('.')), null)
  assert.equal(await verifyUnsubscribeToken(secret, [version, userId, 'answer', signature].join('.')), null)
  const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A')
  assert.equal(await verifyUnsubscribeToken(secret, [version, userId, kind, flipped].join('.')), null)
  assert.equal(await verifyUnsubscribeToken(secret, ['v2', userId, kind, signature].join('.')), null)
})

Deno.test('a token signed with another key, or malformed, is refused', async () => {
  const foreign = await signUnsubscribeToken('another-secret-that-is-also-long-enough', { userId, kind: 'answer' })
  assert.equal(await verifyUnsubscribeToken(secret, foreign), null)
  for (const bad of ['', 'v1', 'v1.x.answer.sig', `v1.${userId}.No-Kind.sig`, `v1.${userId}.answer`, 'x'.repeat(500)]) {
    assert.equal(await verifyUnsubscribeToken(secret, bad), null, bad)
  }
})

Deno.test('the key: UNSUBSCRIBE_SECRET when set, else derived from the service role key', async () => {
  const env = (values: Record<string, string>) => (name: string) => values[name]
  assert.equal(await unsubscribeSecret(env({ UNSUBSCRIBE_SECRET: secret, SUPABASE_SERVICE_ROLE_KEY: 'k' })), secret)
  const derived = await unsubscribeSecret(env({ SUPABASE_SERVICE_ROLE_KEY: 'service-key' }))
  assert.notEqual(derived, 'service-key')
  assert.equal(derived, await unsubscribeSecret(env({ SUPABASE_SERVICE_ROLE_KEY: 'service-key' })))
  await assert.rejects(unsubscribeSecret(env({ UNSUBSCRIBE_SECRET: 'short' })), /at least 32/)
  await assert.rejects(unsubscribeSecret(env({})), /neither/)
})
