// The emails GoTrue sends: its default subjects and bodies, or the ones config.toml names under
// [auth.email.template.<type>] (read when sent, so edits apply at once), rendered with the fields of Go templates
// that Supabase documents ({{ .ConfirmationURL }}, {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .Email }},
// {{ .NewEmail }}, {{ .RedirectTo }}, {{ .Data.<key> }}). Other template actions are left as written.
import { readFileSync } from 'node:fs'
import type { AuthSettings } from '../../config/index.ts'
import type { EmailType } from '../../inbox/types.ts'

const defaultSubjects: Record<EmailType, string> = {
  invite: 'You have been invited',
  confirmation: 'Confirm Your Email',
  recovery: 'Reset Your Password',
  magic_link: 'Your Magic Link',
  email_change: 'Confirm Email Change',
  reauthentication: 'Confirm reauthentication',
}

const defaultBodies: Record<EmailType, string> = {
  invite: `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  confirmation: `<h2>Confirm Your Email</h2>

<p>Follow this link to confirm your email:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>
`,
  recovery: `<h2>Reset password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  magic_link: `<h2>Magic Link</h2>

<p>Follow this link to login:</p>
<p><a href="{{ .ConfirmationURL }}">Log In</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  email_change: `<h2>Confirm email address change</h2>

<p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`,
  reauthentication: `<h2>Confirm reauthentication</h2>

<p>Enter the code: {{ .Token }}</p>`,
}

export interface TemplateData {
  SiteURL: string
  ConfirmationURL?: string
  Email: string
  NewEmail?: string
  Token: string
  TokenHash?: string
  RedirectTo?: string
  Data: Record<string, unknown>
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

function render(template: string, data: TemplateData, escape: (text: string) => string): string {
  return template.replace(/\{\{-?\s*\.([A-Za-z_][\w.]*)\s*-?\}\}/g, (whole, path: string) => {
    let value: unknown = data
    for (const key of path.split('.')) {
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
    }
    if (value === undefined) return path.startsWith('Data.') ? '' : whole
    return escape(typeof value === 'string' ? value : JSON.stringify(value))
  })
}

/** A readable plain-text version of a rendered HTML email, links written out after their text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ( $1 )')
    .replace(/<br\s*\/?>|<\/(p|h\d|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(
      /&(amp|lt|gt|#34|#39|quot);/g,
      (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>' })[e] ?? (e === '&#39;' ? "'" : '"'),
    )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

export function renderEmail(
  type: EmailType,
  data: TemplateData,
  templates: AuthSettings['email']['templates'],
): { subject: string; html: string; text: string } {
  const custom = templates[type]
  let body = defaultBodies[type]
  if (custom?.contentPath) {
    try {
      body = readFileSync(custom.contentPath, 'utf8')
    } catch (error) {
      throw new Error(`email template ${type}: cannot read ${custom.contentPath}: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }
  const html = render(body, data, escapeHtml)
  return { subject: render(custom?.subject ?? defaultSubjects[type], data, (t) => t), html, text: htmlToText(html) }
}
