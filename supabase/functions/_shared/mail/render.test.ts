// Unit tests of the email layout: names and titles escaped in HTML and kept on one line in the subject, the same
// words in the text part, the action as a button and as a written-out link, the footer's reason, the school's accent
// only when it is a colour, one-click unsubscribe headers only with an unsubscribe URL, and links checked.
import assert from 'node:assert/strict'
import { type EmailContent, renderEmail, SUMMIT_ACCENT, textOn } from './render.ts'

const content: EmailContent = {
  to: 'ada@example.com',
  subject: 'Ian at <Alpine & Co> invited you\r\nBcc: x@example.com',
  school: { name: 'Alpine <School> & Co' },
  heading: 'Join "Rock Basics"',
  body: ['Ian Instructor invited you to <Rock Basics>.', { markdown: 'Bring **boots**. <b>x</b>' }, {
    label: 'They wrote:',
    quote: 'See <you>\n\nthere',
  }],
  action: { label: 'Accept the invitation', url: 'https://summit.example/invitations/1?a=1&b=2' },
  reason: 'You get this email because Ian added your address to Rock Basics.',
}

Deno.test('names and titles are escaped in the HTML', () => {
  const { html } = renderEmail(content)
  assert.ok(html.includes('Alpine &lt;School&gt; &amp; Co</td>'))
  assert.ok(html.includes('Join &quot;Rock Basics&quot;</h1>'))
  assert.ok(html.includes('Ian Instructor invited you to &lt;Rock Basics&gt;.'))
  assert.ok(html.includes('Bring <strong>boots</strong>. &lt;b&gt;x&lt;/b&gt;'))
  assert.ok(html.includes('See &lt;you&gt;\n\nthere</blockquote>'))
  assert.ok(!/<School>|<you>|<Rock|<b>x/.test(html))
  assert.ok(html.includes('<title>Ian at &lt;Alpine &amp; Co&gt; invited you Bcc: x@example.com</title>'))
})

Deno.test('a quote of markdown renders it safely in HTML and quotes it as written in text', () => {
  const email = renderEmail({
    ...content,
    body: [{ label: 'Ian answered:', quote: 'Use **ARIA** <em>x</em>', markdown: true }],
  })
  assert.ok(email.html.includes('Use <strong>ARIA</strong> &lt;em&gt;x&lt;/em&gt;'))
  assert.ok(email.text.includes('Ian answered:\n> Use **ARIA** <em>x</em>\n'))
})

Deno.test('the subject is one line', () => {
  assert.equal(renderEmail(content).subject, 'Ian at <Alpine & Co> invited you Bcc: x@example.com')
})

Deno.test('a button and the same link written out under it, both valid', () => {
  const { html } = renderEmail(content)
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
  assert.deepEqual(hrefs, [
    'https://summit.example/invitations/1?a=1&b=2',
    'https://summit.example/invitations/1?a=1&b=2',
  ])
  for (const href of hrefs) assert.equal(new URL(href).href, href)
  assert.ok(html.includes('>Accept the invitation</a>'))
  assert.ok(html.includes('If the button does not work, copy this link into your browser:'))
})

Deno.test('the text part has the same words, the link and the reason, without markup', () => {
  const { text } = renderEmail(content)
  assert.equal(
    text,
    [
      'Alpine <School> & Co',
      '',
      'Join "Rock Basics"',
      '',
      'Ian Instructor invited you to <Rock Basics>.',
      '',
      'Bring **boots**. <b>x</b>',
      '',
      'They wrote:\n> See <you>\n>\n> there',
      '',
      'Accept the invitation: https://summit.example/invitations/1?a=1&b=2',
      '',
      '--',
      'You get this email because Ian added your address to Rock Basics.',
      'Sent by Summit for Alpine <School> & Co.',
      '',
    ].join('\n'),
  )
})

Deno.test('the footer says why the reader got it, and no image or tracking is added', () => {
  const { html } = renderEmail(content)
  assert.ok(html.includes('You get this email because Ian added your address to Rock Basics.<br>'))
  assert.ok(!html.includes('<img'))
})

Deno.test('unsubscribe headers and link only with an unsubscribe URL', () => {
  assert.deepEqual(renderEmail(content).headers, {})
  const url = 'https://api.summit.example/functions/v1/unsubscribe?token=abc'
  const email = renderEmail({ ...content, unsubscribeUrl: url })
  assert.deepEqual(email.headers, {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  })
  assert.ok(email.html.includes(`<a href="${url}" style="color:#475569">Unsubscribe from these emails</a>`))
  assert.ok(email.text.endsWith(`Unsubscribe: ${url}\n`))
})

Deno.test('links that are not http(s) are refused', () => {
  assert.throws(() => renderEmail({ ...content, action: { label: 'x', url: 'javascript:alert(1)' } }), /http\(s\)/)
  assert.throws(() => renderEmail({ ...content, unsubscribeUrl: '/relative' }), /http\(s\)/)
})

Deno.test('the school’s accent when it is a colour, Summit’s otherwise; the text on it reads', () => {
  assert.ok(renderEmail(content).html.includes(`border-top:4px solid ${SUMMIT_ACCENT}`))
  const yellow = renderEmail({ ...content, school: { name: 'Sun', accentColor: '#FACC15' } }).html
  assert.ok(yellow.includes('background:#facc15;color:#0f172a'))
  const navy = renderEmail({ ...content, school: { name: 'Sea', accentColor: '#1e3a8a' } }).html
  assert.ok(navy.includes('background:#1e3a8a;color:#ffffff'))
  const bad = renderEmail({ ...content, school: { name: 'X', accentColor: 'red;background:url(x)' } }).html
  assert.ok(!bad.includes('url(x)') && bad.includes(SUMMIT_ACCENT))
  assert.equal(textOn(SUMMIT_ACCENT), '#ffffff')
})

Deno.test('without a school the email is Summit’s', () => {
  const { html, text } = renderEmail({ ...content, school: undefined })
  assert.ok(html.includes('Summit</td>'))
  assert.ok(text.startsWith('Summit\n') && text.includes('Sent by Summit.\n'))
})
