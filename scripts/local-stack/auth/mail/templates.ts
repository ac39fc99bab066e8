// The emails GoTrue sends: its default subjects and bodies, or the ones config.toml names under
// [auth.email.template.<type>] (read when sent, so edits apply at once), executed as GoTrue executes them: subject and
// body both as Go html/template (go-template.ts) over the fields Supabase documents ({{ .ConfirmationURL }},
// {{ .Token }}, {{ .TokenHash }}, {{ .SiteURL }}, {{ .Email }}, {{ .NewEmail }}, {{ .RedirectTo }}, {{ .Data }} =
// the user's metadata), so `{{ if .Data.course_title }}` and the like work, and a value in the subject is
// HTML-escaped there too, as GoTrue does. GoTrue sends the body as the only part, text/html; the text the inbox shows
// is derived from it (htmlToText), as Mailpit derives it.
import { readFileSync } from 'node:fs'
import type { AuthSettings } from '../../config/index.ts'
import type { EmailType } from '../../inbox/index.ts'
import { executeTemplate } from './go-template.ts'

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
  /** The address this email goes to (email change: each of the two addresses gets its own). */
  SendingTo?: string
  Data: Record<string, unknown>
}

/** A readable plain-text version of a rendered HTML email, links written out after their text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) =>
      label.trim() === href ? href : `${label} ( ${href} )`,
    )
    .replace(/<br\s*\/?>|<\/(p|h\d|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(
      /&(amp|lt|gt|#34|#39|#43|quot|nbsp);/g,
      (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#39;': "'", '&#43;': '+', '&nbsp;': ' ' })[e] ?? '"',
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
  const values = { ...data } as unknown as Record<string, unknown>
  try {
    const html = executeTemplate(body, values)
    const subject = executeTemplate(custom?.subject ?? defaultSubjects[type], values)
    return { subject, html, text: htmlToText(html) }
  } catch (error) {
    throw new Error(`email template ${type}: ${(error as Error).message}`, { cause: error })
  }
}
