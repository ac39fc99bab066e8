// Unit tests of the lesson link's origin that notify-answer reads from its environment (the SMTP settings are the mail
// module's, tested in ../_shared/mail/smtp.test.ts).
import assert from 'node:assert/strict'
import { answerSite, DEFAULT_SITE } from './settings.ts'

const request = (origin?: string) =>
  new Request('http://127.0.0.1:54321/functions/v1/notify-answer', {
    method: 'POST',
    headers: origin ? { Origin: origin } : {},
  })

Deno.test('SITE_URL decides the link’s origin, its path dropped', () => {
  assert.equal(answerSite(request('http://127.0.0.1:5173'), 'https://summit.example/app/'), 'https://summit.example')
})

Deno.test('without SITE_URL a loopback Origin is used; anything else falls back to auth.site_url', () => {
  assert.equal(answerSite(request('http://localhost:5173'), undefined), 'http://localhost:5173')
  assert.equal(answerSite(request('https://evil.example'), undefined), DEFAULT_SITE)
  assert.equal(answerSite(request('javascript:alert(1)'), ''), DEFAULT_SITE)
  assert.equal(answerSite(request(), 'not a url'), DEFAULT_SITE)
})
