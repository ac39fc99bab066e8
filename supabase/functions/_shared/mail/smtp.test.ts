// Unit tests of sending: the SMTP settings read from the environment (host and port both needed, TLS from the first
// byte on 465, credentials only with a user, Summit's default sender), and the message nodemailer builds from a
// rendered email: both parts, the From, and the unsubscribe headers (built in memory, no server).
import assert from 'node:assert/strict'
// @ts-types="@types/nodemailer"
import nodemailer from 'nodemailer'
import { renderEmail } from './render.ts'
import { DEFAULT_SENDER, messageOf, smtpConfig } from './smtp.ts'

const envOf = (values: Record<string, string>) => (name: string) => values[name]

Deno.test('a host and a port are enough: no credentials, the default sender, STARTTLS when offered', () => {
  assert.deepEqual(smtpConfig(envOf({ SMTP_HOST: '127.0.0.1', SMTP_PORT: '54325' })), {
    settings: { host: '127.0.0.1', port: 54325, secure: false, auth: undefined, sender: DEFAULT_SENDER },
  })
  assert.equal(DEFAULT_SENDER, 'Summit <no-reply@summit.example>')
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

Deno.test('the message has a text and an HTML part, the sender, and the one-click unsubscribe headers', async () => {
  const email = renderEmail({
    to: 'ada@example.com',
    subject: 'News from Alpine School',
    school: { name: 'Alpine School' },
    heading: 'Hello',
    body: ['Plain words.'],
    reason: 'You get this email because you learn in Rock Basics.',
    unsubscribeUrl: 'https://summit.example/unsubscribe?token=abc',
  })
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const info = await transport.sendMail(messageOf({ sender: DEFAULT_SENDER }, email))
  const raw = (info.message as unknown as Uint8Array).toString()
  assert.match(raw, /^From: Summit <no-reply@summit\.example>$/m)
  assert.match(raw, /^To: ada@example\.com$/m)
  assert.match(raw, /^Subject: News from Alpine School$/m)
  assert.match(raw, /^List-Unsubscribe: <https:\/\/summit\.example\/unsubscribe\?token=abc>$/m)
  assert.match(raw, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
  assert.match(raw, /Content-Type: multipart\/alternative/)
  assert.match(raw, /Content-Type: text\/plain/)
  assert.match(raw, /Content-Type: text\/html/)
})
