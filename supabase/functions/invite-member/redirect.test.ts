// Unit tests of the invitee's landing: /auth/callback on the app's origin, from SITE_URL or the browser's Origin;
// nothing usable gives no redirect (Auth then uses its site_url).
import assert from 'node:assert/strict'
import { redirectTarget } from './redirect.ts'

const request = (origin?: string) =>
  new Request('http://127.0.0.1:54321/functions/v1/invite-member', {
    method: 'POST',
    headers: origin ? { Origin: origin } : {},
  })

Deno.test('the browser origin leads to the callback, then /studio', () => {
  assert.equal(
    redirectTarget(request('http://127.0.0.1:5173'), undefined),
    'http://127.0.0.1:5173/auth/callback?redirect=%2Fstudio',
  )
})

Deno.test('SITE_URL wins over the Origin header, with its path dropped', () => {
  assert.equal(
    redirectTarget(request('http://localhost:5173'), 'https://summit.example/app/'),
    'https://summit.example/auth/callback?redirect=%2Fstudio',
  )
})

Deno.test('no origin, or one that is not http(s), gives no redirect', () => {
  assert.equal(redirectTarget(request(), undefined), undefined)
  assert.equal(redirectTarget(request('null'), undefined), undefined)
  assert.equal(redirectTarget(request('javascript:alert(1)'), undefined), undefined)
})
