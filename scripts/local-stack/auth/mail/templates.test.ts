// Email rendering: GoTrue's default subjects and bodies, config.toml's [auth.email.template.<type>] read from their
// files, and Summit's own templates (supabase/templates/) as GoTrue renders them: the invite names the course, the
// school and the instructor from the invite's metadata (escaped), every email has its button and the same link
// written out, a footer saying why it came, no images; and the sender config.toml gives Auth's emails.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { EmailType } from '../../inbox/types.ts'
import { loadConfig } from '../../config/index.ts'
import { htmlToText, renderEmail, type TemplateData } from './templates.ts'

const data: TemplateData = {
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

  it('uses the subject and file of [auth.email.template.<type>], both executed as html/template', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'summit-tpl-'))
    const file = path.join(dir, 'magic.html')
    writeFileSync(file, '<p>Hi {{ .Data.name }}, code {{.Token}} for {{ .Email }}{{ if .Data.team }}!{{ end }}</p>')
    const templates = { magic_link: { subject: 'Code {{ .Token }} for {{ .Data.name }}', contentPath: file } }
    const email = renderEmail('magic_link', data, templates)
    expect(email.subject).toBe('Code 123456 for &lt;Ada&gt;')
    expect(email.html).toBe('<p>Hi &lt;Ada&gt;, code 123456 for ada@example.com</p>')
    writeFileSync(file, '<p>{{ if .Email }}never closed</p>')
    expect(() => renderEmail('magic_link', data, templates)).toThrow(/email template magic_link: .*no end/)
    rmSync(dir, { recursive: true, force: true })
  })

  it('turns HTML into readable text', () => {
    expect(htmlToText('<head><title>T</title></head><h2>Hi</h2><p>a &amp; b &#43;</p>')).toBe('Hi\na & b +')
    expect(htmlToText('<a href="https://x.test/">https://x.test/</a>')).toBe('https://x.test/')
  })
})

describe("Summit's Auth templates (supabase/templates)", () => {
  const { auth } = loadConfig()
  const templates = auth.email.templates
  const link = 'http://127.0.0.1:54321/auth/v1/verify?token=pkce_1&type=invite&redirect_to=http://127.0.0.1:5173/x'
  const all: EmailType[] = ['confirmation', 'invite', 'magic_link', 'recovery', 'email_change', 'reauthentication']
  const render = (type: EmailType, extra: Partial<TemplateData> = {}) =>
    renderEmail(type, { ...data, ConfirmationURL: link, Data: {}, ...extra }, templates)

  it('every Auth email has a template file and a subject of its own, naming Summit', () => {
    for (const type of all) {
      expect(templates[type]?.contentPath, type).toMatch(new RegExp(`supabase/templates/${type}\\.html$`))
      expect(render(type).subject, type).toMatch(/Summit/)
    }
    // The subjects the journeys look for.
    expect(render('confirmation').subject).toMatch(/confirm/i)
    expect(render('magic_link').subject).toMatch(/magic link/i)
    expect(render('recovery').subject).toMatch(/reset/i)
    expect(render('reauthentication').subject).toMatch(/reauthentication/i)
  })

  it('each link email has a button and the same link written out under it, valid, and a footer saying why', () => {
    for (const type of all.filter((t) => t !== 'reauthentication')) {
      const { html, text } = render(type)
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
      expect(hrefs, type).toEqual([link, link])
      expect(html, type).toContain(`>${link.replaceAll('&', '&amp;')}</a>`)
      expect(text, type).toContain('If the button does not work, copy this link into your browser:')
      expect(text, type).toContain('You get this email because')
      expect(html, type).not.toMatch(/<img|<script|src=/)
    }
  })

  it('codes: the email-link kinds offer the code too, reauthentication is the code alone', () => {
    for (const type of ['confirmation', 'magic_link', 'recovery', 'email_change'] as const) {
      expect(render(type).text, type).toContain('Or enter this code: 123456')
    }
    const reauth = render('reauthentication', { ConfirmationURL: undefined, Email: 'e2e-123450-424242@example.com' })
    // The first six digits standing alone are the code (the journeys read it so), not a number in the address.
    expect(/\b(\d{6})\b/.exec(reauth.text)?.[1]).toBe('123456')
    expect(reauth.html).not.toContain('href=')
  })

  it("the invite names the course, the school and the instructor from the invite's metadata, escaped", () => {
    const email = render('invite', {
      Data: { course_title: 'Rock & <Roll>', school_name: "Ada's School", inviter_name: 'Ian "Ice" Instructor' },
    })
    expect(email.html).toContain('Ada&#39;s School</td>')
    expect(email.html).toContain('Ian &#34;Ice&#34; Instructor invited you to Rock &amp; &lt;Roll&gt;</h1>')
    expect(email.text).toContain(
      'Ian "Ice" Instructor at Ada\'s School invited you to learn in Rock & <Roll> on Summit.',
    )
    expect(email.text).toContain(
      'Accept the invitation ( http://127.0.0.1:54321/auth/v1/verify?token=pkce_1&type=invite',
    )
    expect(email.text).toContain("Sent by Summit for Ada's School.")
    expect(email.html).not.toMatch(/<Roll>|"Ice"/)
  })

  it('an invite to teach names the school and the role; one without metadata is a plain invitation', () => {
    const teach = render('invite', { Data: { school_name: 'Alpine', inviter_name: 'Olga', school_role: 'instructor' } })
    expect(teach.text).toContain('Olga invited you to teach at Alpine')
    expect(teach.text).toContain('Olga invited you to teach at Alpine on Summit as an instructor.')
    const own = render('invite', { Data: { school_name: 'Alpine', inviter_name: 'Olga', school_role: 'owner' } })
    expect(own.text).toContain('Olga invited you to run Alpine on Summit as an owner.')
    const plain = render('invite')
    expect(plain.text).toMatch(/^Summit\n+You are invited to Summit\n/)
    expect(plain.text).toContain('You have been invited to make an account on Summit with ada@example.com.')
  })

  it('the email change names both addresses and the one it was sent to', () => {
    const email = render('email_change', { NewEmail: 'new@example.com', SendingTo: 'new@example.com' })
    expect(email.text).toContain('from ada@example.com to new@example.com')
    expect(email.text).toContain('You get this email because new@example.com is the current or the new address')
  })

  it("Auth's emails come from Summit's sender ([local_smtp] admin_email and sender_name)", () => {
    expect(auth.email.sender).toEqual({ name: 'Summit', address: 'no-reply@summit.example' })
  })
})
