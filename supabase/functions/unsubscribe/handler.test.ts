// Unit tests of the unsubscribe flow: GET sends the person to the confirm page and changes nothing; an RFC 8058
// one-click POST (token in the query, form body) and the page's JSON POST turn the token's kind off for the token's
// user only; an edited token is a 422 that changes nothing; other methods are 405.
import * as assert from 'node:assert/strict'
import { HttpError } from '../_shared/http.ts'
import { handleUnsubscribe, type UnsubscribeDeps } from './handler.ts'
import { buildUnsubscribeUrl } from './link.ts'
import type { UnsubscribeClaim } from './token.ts'

const secret = 'a-test-secret-that-is-long-enough-to-use'
const userId = '3f1e2d4c-5b6a-4789-9abc-def012345678'

function deps(): UnsubscribeDeps & { calls: UnsubscribeClaim[] } {
  const calls: UnsubscribeClaim[] = []
  return {
    calls,
    secret,
    site: 'https://summit.example',
    unsubscribe: (claim) => {
      calls.push(claim)
      return Promise.resolve(true)
    },
  }
}

const link = () => buildUnsubscribeUrl('https://api.summit.example', secret, { userId, kind: 'announcement' })

Deno.test('the link points at this function with the token', async () => {
  const url = new URL(await link())
  assert.equal(url.origin + url.pathname, 'https://api.summit.example/functions/v1/unsubscribe')
  assert.match(url.searchParams.get('token') ?? '', /^v1\./)
})

Deno.test('GET sends the person to the confirm page and changes nothing', async () => {
  const d = deps()
  const url = await link()
  const response = await handleUnsubscribe(new Request(url), d)
  assert.equal(response.status, 303)
  const location = new URL(response.headers.get('Location') ?? '')
  assert.equal(location.origin + location.pathname, 'https://summit.example/unsubscribe')
  assert.equal(location.searchParams.get('token'), new URL(url).searchParams.get('token'))
  assert.deepEqual(d.calls, [])
})

Deno.test("a one-click POST (RFC 8058) turns the kind off for the token's user", async () => {
  const d = deps()
  const response = await handleUnsubscribe(
    new Request(await link(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    }),
    d,
  )
  assert.equal(response.status, 200)
  assert.deepEqual(await response.json(), { unsubscribed: true, kind: 'announcement' })
  assert.deepEqual(d.calls, [{ userId, kind: 'announcement' }])
})

Deno.test("the confirm page's JSON POST works too", async () => {
  const d = deps()
  const token = new URL(await link()).searchParams.get('token')
  const response = await handleUnsubscribe(
    new Request('https://api.summit.example/functions/v1/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    }),
    d,
  )
  assert.equal(response.status, 200)
  assert.deepEqual(d.calls, [{ userId, kind: 'announcement' }])
})

Deno.test('an edited token changes nothing and is refused', async () => {
  const d = deps()
  const url = new URL(await link())
  const token = url.searchParams.get('token')!
  url.searchParams.set('token', token.replace(userId, '00000000-0000-4000-8000-000000000001'))
  await assert.rejects(handleUnsubscribe(new Request(url, { method: 'POST' }), d), (error: unknown) => {
    assert.ok(error instanceof HttpError)
    assert.equal(error.status, 422)
    assert.equal(error.code, 'validation_failed')
    return true
  })
  await assert.rejects(handleUnsubscribe(new Request(url.origin + url.pathname, { method: 'POST' }), d))
  assert.deepEqual(d.calls, [])
})

Deno.test('other methods are refused', async () => {
  await assert.rejects(handleUnsubscribe(new Request(await link(), { method: 'DELETE' }), deps()), /Use GET or POST/)
})
