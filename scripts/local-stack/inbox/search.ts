// Mailpit's search syntax, the part tests and people use: space-separated terms, quotes for spaces, `to:`, `from:`,
// `cc:`, `subject:`, `message-id:`, `is:read`/`is:unread`, a leading `-` or `!` to negate, and bare words matched
// against the subject, addresses and text. Matching is case-insensitive substring matching, as in Mailpit.
import type { Message } from './store.ts'

interface Term {
  field: string | undefined
  value: string
  negate: boolean
}

export function parseQuery(query: string): Term[] {
  const terms: Term[] = []
  for (const match of query.matchAll(/([-!]?)(?:([a-z-]+):)?(?:"([^"]*)"|(\S+))/gi)) {
    const value = (match[3] ?? match[4] ?? '').toLowerCase()
    if (value === '' && match[3] === undefined) continue
    terms.push({ negate: match[1] !== '', field: match[2]?.toLowerCase(), value })
  }
  return terms
}

const addresses = (list: { Name: string; Address: string }[]) =>
  list.map((a) => `${a.Name} <${a.Address}>`.toLowerCase()).join(', ')

function matches(message: Message, term: Term): boolean {
  const contains = (text: string) => text.toLowerCase().includes(term.value)
  switch (term.field) {
    case 'to':
      return contains(addresses(message.To))
    case 'from':
      return contains(addresses([message.From]))
    case 'cc':
      return contains(addresses(message.Cc))
    case 'subject':
      return contains(message.Subject)
    case 'message-id':
      return contains(message.MessageID)
    case 'is':
      return term.value === 'read' ? message.Read : term.value === 'unread' ? !message.Read : false
    case undefined:
      return [message.Subject, addresses(message.To), addresses([message.From]), message.Text].some(contains)
    default:
      // Unknown fields (tags, attachments) match nothing, since these messages have neither.
      return false
  }
}

export function search(messages: Message[], query: string): Message[] {
  const terms = parseQuery(query)
  return messages.filter((m) => terms.every((t) => matches(m, t) !== t.negate))
}
