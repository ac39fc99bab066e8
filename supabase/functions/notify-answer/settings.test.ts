// Unit tests of what notify-answer reads from its environment: the SMTP settings (both host and port needed, TLS
// from the first byte on 465, credentials only with a user, a default sender) and the origin of the lesson link.
import assert from 'node:assert/strict'
import { answerSite, DEFAULT_SENDER, DEFAULT_SITE, smtpConfig } from './settings.ts'

const envOf = (values: Record<string, string>) => (name: string) => values[name]

Deno.test('a host and a port are enough: no credentials, the default sender, STARTTLS when offered', () => {
  assert.deepEqual(smtpConfig(envOf({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' })), {
    settings: { host: '127.0.0.1', port: 54325, secure: false, auth: undefined, sender: DEFAULT_SENDER },
  })
})

Deno.test('a provider’s settings: credentials, a sender, and implicit TLS on port 465', () => {
  const env = envOf({
    SMTP_HOST: ' smtp.example.com ',
    SMTP_PORT: '465',
    SMTP_USER: 'apikey',
    SMTP_PASS: 's3cret',
    SMTP_SENDER: 'Summit <hello@summit.example>',
  })
  assert.deepEqual(smtpConfig(env), {
    settings: {
      host: 'smtp.example.com',
      port: 465,
      secure: true,
      auth: { user: 'apikey', pass: 's3cret' },
      sender: 'Summit <hello@summit.example>',
    },
  })
})

Deno.test('a missing host or port, or a port that is not one, is a problem that says so', () => {
  assert.deepEqual(smtpConfig(envOf({})), { problem: 'SMTP_HOST and SMTP_PORT are not both set' })
  assert.deepEqual(smtpConfig(envOf({ SMTP_HOST: 'smtp.example.com' })), {
    problem: 'SMTP_HOST and SMTP_PORT are not both set',
  })
  for (const port of ['smtp', '0', '70000', '25.5']) {
    assert.deepEqual(smtpConfig(envOf({ SMTP_HOST: 'h', SMTP_PORT: port })), {
      problem: `SMTP_PORT is not a port number: "${port}"`,
    })
  }
})

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
