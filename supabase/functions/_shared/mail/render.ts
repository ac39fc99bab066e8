// Every email the functions send, in one layout that matches the Auth emails (supabase/templates/): the school's
// name at the top (its accent colour on the bar and the button when it has one), a heading, the body, one clear
// button with its link written out underneath, and a footer saying why the reader got it. An HTML part and a
// plain-text part with the same words; nothing tracks the reader (no pixels, no rewritten links). Given an
// unsubscribe URL, the email carries RFC 8058 one-click unsubscribe headers and a link in the footer.
import { escapeHtml, oneLine, safeUrl } from './escape.ts'
import { markdownToHtml } from './markdown.ts'

/** Who the email speaks for: a school, or Summit itself when absent. */
export interface EmailSchool {
  name: string
  /** `#rrggbb`; the bar and the button take it, with white or dark text, whichever reads better on it. */
  accentColor?: string | null
  /** An absolute http(s) URL of the school's logo (shown beside its name). */
  logoUrl?: string | null
}

/**
 * One piece of the body: a paragraph of plain text, markdown someone wrote, or a quote of their words (shown as
 * written, or with `markdown: true` rendered as markdown in HTML; the text part quotes it with "> " either way).
 */
export type EmailBlock =
  | string
  | { markdown: string }
  | { quote: string; label?: string; markdown?: boolean }

export interface EmailContent {
  to: string
  subject: string
  school?: EmailSchool
  heading: string
  /** Plain-text paragraphs and user-written blocks, in order; all of it is escaped. */
  body: EmailBlock[]
  /** The one thing to do: a button in HTML, `label: url` in text. */
  action?: { label: string; url: string }
  /** Why the reader got this email ("You get this email because …"), shown in the footer of both parts. */
  reason: string
  /** A one-click unsubscribe URL (works without signing in); adds List-Unsubscribe headers and a footer link. */
  unsubscribeUrl?: string
}

export interface RenderedEmail {
  to: string
  subject: string
  html: string
  text: string
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post) when there is an unsubscribe URL. */
  headers: Record<string, string>
}

/** Summit's own colour (teal 700), white text on it reads at 5.5:1. */
export const SUMMIT_ACCENT = '#0f766e'
const font = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

/** White or near-black text on a colour, whichever contrasts more (WCAG relative luminance). */
export function textOn(hex: string): string {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
  // #0f172a has a relative luminance of 0.0086.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0586 ? '#ffffff' : '#0f172a'
}

function accentOf(school: EmailSchool | undefined): string {
  const color = school?.accentColor?.trim() ?? ''
  return /^#[0-9a-fA-F]{6}$/.test(color) ? color.toLowerCase() : SUMMIT_ACCENT
}

function blockHtml(block: EmailBlock): string {
  if (typeof block === 'string') {
    return `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\r?\n/g, '<br>\n')}</p>`
  }
  if (!('quote' in block)) return markdownToHtml(block.markdown)
  const label = block.label ? `<p style="margin:0 0 4px;color:#475569">${escapeHtml(block.label)}</p>\n` : ''
  const style = 'margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1'
  if (block.markdown) return `${label}<blockquote style="${style}">\n${markdownToHtml(block.quote)}\n</blockquote>`
  return `${label}<blockquote style="${style};white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`
}

function blockText(block: EmailBlock): string {
  if (typeof block === 'string') return block
  if (!('quote' in block)) return block.markdown.trim()
  const quoted = block.quote.split(/\r?\n/).map((line) => (line === '' ? '>' : `> ${line}`)).join('\n')
  return block.label ? `${block.label}\n${quoted}` : quoted
}

/** The email's HTML and text parts and its headers. Links that are not http(s) are refused, not sent. */
export function renderEmail(content: EmailContent): RenderedEmail {
  const schoolName = oneLine(content.school?.name ?? '') || 'Summit'
  const subject = oneLine(content.subject)
  const heading = oneLine(content.heading)
  const accent = accentOf(content.school)
  const onAccent = textOn(accent)
  const action = content.action ? { label: oneLine(content.action.label), url: checked(content.action.url) } : undefined
  const unsubscribe = content.unsubscribeUrl ? checked(content.unsubscribeUrl) : undefined
  const logo = content.school?.logoUrl ? safeUrl(content.school.logoUrl) : undefined
  const sentBy = content.school ? `Sent by Summit for ${schoolName}.` : 'Sent by Summit.'

  const button = action
    ? `<tr><td style="padding:8px 32px 0">
<a href="${
      escapeHtml(action.url)
    }" style="display:inline-block;background:${accent};color:${onAccent};text-decoration:none;font-weight:600;font-size:15px;padding:12px 20px;border-radius:6px">${
      escapeHtml(action.label)
    }</a>
<p style="margin:16px 0 0;font-size:13px;line-height:1.5;color:#475569">If the button does not work, copy this link into your browser:<br>
<a href="${escapeHtml(action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(action.url)}</a></p>
</td></tr>`
    : ''
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-top:4px solid ${accent};border-radius:8px;${font};color:#0f172a">
<tr><td style="padding:24px 32px 0;font-size:14px;font-weight:600;color:#334155">${
    logo
      ? `<img src="${
        escapeHtml(logo)
      }" alt="" width="28" height="28" style="vertical-align:middle;border-radius:4px;margin-right:8px">`
      : ''
  }${escapeHtml(schoolName)}</td></tr>
<tr><td style="padding:12px 32px 0"><h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${
    escapeHtml(heading)
  }</h1></td></tr>
<tr><td style="padding:0 32px;font-size:15px;line-height:1.6">
${content.body.map(blockHtml).join('\n')}
</td></tr>
${button}
<tr><td style="padding:24px 32px 0"></td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;${font}">
<tr><td style="padding:16px 32px;font-size:12px;line-height:1.5;color:#475569">
${escapeHtml(content.reason)}<br>
${escapeHtml(sentBy)}${
    unsubscribe ? ` <a href="${escapeHtml(unsubscribe)}" style="color:#475569">Unsubscribe from these emails</a>` : ''
  }
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
  const text = [
    schoolName,
    '',
    heading,
    '',
    ...content.body.flatMap((block) => [blockText(block), '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '--',
    content.reason,
    sentBy,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : []),
    '',
  ].join('\n')
  const headers: Record<string, string> = unsubscribe
    ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
    : {}
  return { to: content.to, subject, html, text, headers }
}

function checked(url: string): string {
  const safe = safeUrl(url)
  if (!safe || safe.startsWith('mailto:')) throw new Error(`an email link must be an http(s) URL: ${url}`)
  return safe
}
