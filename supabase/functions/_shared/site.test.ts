// Unit tests of the app's origin in links (a certificate's QR code, the asker's email): SITE_URL first, else a
// loopback Origin, never a foreign one.
import assert from 'node:assert/strict'
import { siteOrigin } from './site.ts'

const withOrigin = (origin?: string) =>
  new Request('http://127.0.0.1:54321/functions/v1/certificate', { headers: origin ? { Origin: origin } : {} })

Deno.test('SITE_URL wins, with its path dropped', () => {
  assert.equal(
    siteOrigin(withOrigin('http://127.0.0.1:5173'), 'https://summit.example.com/app'),
    'https://summit.example.com',
  )
})

Deno.test('without SITE_URL a loopback Origin is used', () => {
  assert.equal(siteOrigin(withOrigin('http://127.0.0.1:5173'), undefined), 'http://127.0.0.1:5173')
  assert.equal(siteOrigin(withOrigin('http://localhost:5173'), ''), 'http://localhost:5173')
})

Deno.test('a foreign or broken Origin is never used', () => {
  assert.equal(siteOrigin(withOrigin('https://evil.example.net'), undefined), undefined)
  assert.equal(siteOrigin(withOrigin('not a url'), undefined), undefined)
  assert.equal(siteOrigin(withOrigin(), undefined), undefined)
})
