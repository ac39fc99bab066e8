// Text that goes into an email: escaped for HTML (every character a user can type that means something in markup),
// and squeezed onto one line where it lands in a header or a heading.

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text as HTML text or a quoted attribute value: nothing in it becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => escapes[c] ?? c)
}

/** Names and titles in subjects and single lines: no line breaks (no header injection), no runs of spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** Only absolute http(s) and mailto links go into an email; anything else is not a link. */
export function safeUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim())
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined
  } catch {
    return undefined
  }
}
