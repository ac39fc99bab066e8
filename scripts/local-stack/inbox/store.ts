// The inbox's messages, in Mailpit's JSON shapes (message summaries and full messages with Text and HTML), newest
// first, whether Auth handed them over or they came in over SMTP. Kept in memory, at most 500 like Mailpit's
// default: the emails carry short-lived codes and links, and a restart of `supabase start` empties Mailpit too, so
// nothing is worth keeping across restarts.
import { randomBytes } from 'node:crypto'
import type { OutgoingEmail } from './types.ts'

export interface Address {
  Name: string
  Address: string
}

export interface Message {
  ID: string
  MessageID: string
  Read: boolean
  From: Address
  To: Address[]
  Cc: Address[]
  Bcc: Address[]
  ReplyTo: Address[]
  ReturnPath: string
  Subject: string
  Created: string
  Date: string
  Tags: string[]
  Size: number
  Attachments: number
  Snippet: string
  Text: string
  HTML: string
  /** The kind of auth email, or "smtp" (not in Mailpit's API; shown on the page). */
  Type: string
  /** The detail's Attachments and Inline lists (the summary's Attachments is the first one's length). */
  Parts: { Attachments: Part[]; Inline: Part[] }
}

/** An attachment or inline part, as Mailpit describes it in a message's detail. */
export interface Part {
  PartID: string
  FileName: string
  ContentType: string
  ContentID: string
  Size: number
}

/** A message as it arrived; the store gives it its ID, Created time and unread state. */
export type Incoming = Omit<Message, 'ID' | 'Created' | 'Read' | 'Attachments'> & {
  /** The sender's Message-ID without angle brackets; empty for one the store makes up. */
  MessageID: string
}

/** The summary fields of Mailpit's message list. */
export function summary(message: Message) {
  const { ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Created, Tags, Size, Attachments, Snippet } =
    message
  return { ID, MessageID, Read, From, To, Cc, Bcc, ReplyTo, Subject, Created, Tags, Size, Attachments, Snippet }
}

/** The whole message, as GET /api/v1/message/{ID} answers (no Snippet, no Read, no Created, as in Mailpit). */
export function detail(message: Message) {
  const { ID, MessageID, From, To, Cc, Bcc, ReplyTo, ReturnPath, Subject, Date, Tags, Text, HTML, Size } = message
  return {
    ID,
    MessageID,
    From,
    To,
    Cc,
    Bcc,
    ReplyTo,
    ReturnPath,
    Subject,
    ListUnsubscribe: { Header: '', Links: [], Errors: '', HeaderPost: '' },
    Date,
    Tags,
    Text,
    HTML,
    Size,
    Inline: message.Parts.Inline,
    Attachments: message.Parts.Attachments,
  }
}

const defaultSender: Address = { Name: 'Admin', Address: 'admin@email.com' }
const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** Mailpit's snippet: the text on one line, at most 250 characters. */
export function snippet(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 250)
}

/** A 22-character id like Mailpit's. */
function newId(): string {
  return [...randomBytes(22)].map((b) => idAlphabet[b % idAlphabet.length]).join('')
}

export class MailStore {
  private messages: Message[] = []

  constructor(private readonly max = 500) {}

  /** An email from the Auth service. */
  add(email: OutgoingEmail, now = new Date()): Message {
    const from = email.from ? { Name: email.from.name, Address: email.from.address } : defaultSender
    return this.insert(
      {
        MessageID: '',
        From: from,
        To: [{ Name: '', Address: email.to }],
        Cc: [],
        Bcc: [],
        ReplyTo: [],
        ReturnPath: from.Address,
        Subject: email.subject,
        Date: now.toISOString(),
        Tags: [],
        Size: Buffer.byteLength(email.html) + Buffer.byteLength(email.text) + Buffer.byteLength(email.subject),
        Snippet: snippet(email.text),
        Text: email.text,
        HTML: email.html,
        Type: email.type,
        Parts: { Attachments: [], Inline: [] },
      },
      now,
    )
  }

  /** A message in Mailpit's fields (one that came in over SMTP). */
  insert(incoming: Incoming, now = new Date()): Message {
    const id = newId()
    const message: Message = {
      ...incoming,
      ID: id,
      MessageID: incoming.MessageID || `${id}@local-stack`,
      Read: false,
      Created: now.toISOString(),
      Attachments: incoming.Parts.Attachments.length,
    }
    this.messages.unshift(message)
    if (this.messages.length > this.max) this.messages.length = this.max
    return message
  }

  /** Newest first. */
  all(): Message[] {
    return this.messages
  }

  /** By id, or the newest for "latest" (as Mailpit). */
  get(id: string): Message | undefined {
    return id === 'latest' ? this.messages[0] : this.messages.find((m) => m.ID === id)
  }

  delete(ids: string[] | 'all'): void {
    if (ids === 'all') this.messages = []
    else this.messages = this.messages.filter((m) => !ids.includes(m.ID))
  }

  unread(): number {
    return this.messages.filter((m) => !m.Read).length
  }
}
