// Email rendering: GoTrue's default subjects and bodies, values HTML-escaped, and config.toml templates read from
// their files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { htmlToText, renderEmail } from './templates.ts'

const data = {
  SiteURL: 'http://127.0.0.1:5173',
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup',
  Email: 'ada@example.com',
  Token: '123456',
  Data: { name: '<Ada>' },
}

describe('email templates', () => {
  it('renders GoTrue defaults with escaped values and a text version', () => {
    const email = renderEmail('confirmation', data, {})
    expect(email.subject).toBe('Confirm Your Email')
    expect(email.html).toContain('href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=signup"')
    expect(email.text).toContain('Alternatively, enter the code: 123456')
    expect(email.text).toContain('( http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup )')
  })

  it('uses the subject and file of [auth.email.template.<type>]', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summit-tpl-'))
    const file = path.join(dir, 'magic.html')
    writeFileSync(file, '<p>Hi {{ .Data.name }}, code {{.Token}} for {{ .Email }}{{ if .X }}</p>')
    const email = renderEmail('magic_link', data, { magic_link: { subject: 'Code {{ .Token }}', contentPath: file } })
    rmSync(dir, { recursive: true, force: true })
    expect(email.subject).toBe('Code 123456')
    expect(email.html).toBe('<p>Hi &lt;Ada&gt;, code 123456 for ada@example.com{{ if .X }}</p>')
  })

  it('turns HTML into readable text', () => {
    expect(htmlToText('<h2>Hi</h2><p>a &amp; b</p>')).toBe('Hi\na & b')
  })
})
