// The inbox's web page: every message, newest first, with its recipient, subject, text and the links it contains
// made clickable, and a view of the email as its HTML renders (in a sandboxed frame). Everything from a message is
// escaped; only http(s) links become anchors.
import type { Message } from './store.ts'

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!)

const unescapeHtml = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#34|#39);/g,
    (e) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#39;': "'" })[e] ?? '"',
  )

/** The http(s) links of an HTML email, in order, without duplicates. */
export function links(html: string): string[] {
  const found = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => unescapeHtml(m[1] ?? ''))
  return [...new Set(found.filter((href) => /^https?:\/\//i.test(href)))]
}

const style = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1f2328}
article{border:1px solid #d0d7de;border-radius:6px;padding:1rem;margin:1rem 0}h2{font-size:1rem;margin:0 0 .25rem}
.meta{color:#57606a;font-size:12px}pre{white-space:pre-wrap;background:#f6f8fa;padding:.5rem;border-radius:4px}
a{word-break:break-all}iframe{width:100%;height:70vh;border:1px solid #d0d7de}`

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${style}</style></head><body>${body}</body></html>`
}

export function listPage(messages: Message[]): string {
  const items = messages.map((m) => {
    const anchors = links(m.HTML)
      .map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`)
      .join('')
    return `<article><h2><a href="/view/${escapeHtml(m.ID)}">${escapeHtml(m.Subject || '(no subject)')}</a></h2>
<div class="meta">To ${escapeHtml(m.To.map((t) => t.Address).join(', '))} · ${escapeHtml(m.Type)} ·
<time datetime="${escapeHtml(m.Created)}">${escapeHtml(m.Created)}</time></div>
${anchors ? `<ul>${anchors}</ul>` : ''}<pre>${escapeHtml(m.Text)}</pre></article>`
  })
  const empty =
    '<p>No messages yet. Emails the Auth service sends (sign-up, magic link, recovery…) and mail sent to the SMTP ' +
    'port appear here.</p>'
  return layout(
    `Inbox (${messages.length})`,
    `<h1>Inbox</h1><p class="meta">${messages.length} message(s). Mailpit-compatible API at /api/v1.</p>
${items.join('\n') || empty}`,
  )
}

export function messagePage(message: Message): string {
  return layout(
    message.Subject,
    `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(message.Subject)}</h1>
<p class="meta">To ${escapeHtml(message.To.map((t) => t.Address).join(', '))} · ${escapeHtml(message.Created)}</p>
<iframe sandbox title="Email" srcdoc="${escapeHtml(message.HTML)}"></iframe>`,
  )
}
