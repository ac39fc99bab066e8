// Reads the inbox Auth delivers to (Mailpit's API, on :54324 in both stacks): wait for the newest
// email to an address, and pull the action link (confirm, magic link, reset) out of it.
import { inboxUrl } from './stack'

export interface InboxEmail {
  id: string
  subject: string
  text: string
  html: string
}

interface Summary {
  ID: string
  Subject: string
  Created: string
}

/**
 * Waits (polling, up to `timeoutMs`) for an email to `to`, newest first. `subject` narrows to one kind, e.g.
 * /magic link/i; `after` ignores older emails (pass the time you triggered the send).
 */
export async function latestEmail(
  to: string,
  options: { subject?: RegExp; after?: Date; timeoutMs?: number } = {},
): Promise<InboxEmail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  for (;;) {
    const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
    const { messages } = (await search.json()) as { messages: Summary[] }
    const match = messages.find(
      (m) =>
        (!options.subject || options.subject.test(m.Subject)) &&
        (!options.after || new Date(m.Created).getTime() >= options.after.getTime() - 1000),
    )
    if (match) {
      const message = (await (await fetch(`${inboxUrl}/api/v1/message/${match.ID}`)).json()) as {
        Subject: string
        Text: string
        HTML: string
      }
      return { id: match.ID, subject: message.Subject, text: message.Text, html: message.HTML }
    }
    if (Date.now() > deadline) {
      throw new Error(`latestEmail: no email to ${to}${options.subject ? ` matching ${options.subject}` : ''} arrived`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The first Auth action link (`…/auth/v1/verify?…`) in an email, HTML entities decoded. */
export function extractLink(email: InboxEmail): string {
  const match =
    /href="([^"]*\/verify\?[^"]*)"/.exec(email.html) ?? /(https?:\/\/\S+\/verify\?\S+?)[\s)]/.exec(email.text)
  if (!match?.[1]) throw new Error(`extractLink: no verify link in "${email.subject}":\n${email.text}`)
  return match[1].replaceAll('&amp;', '&')
}
