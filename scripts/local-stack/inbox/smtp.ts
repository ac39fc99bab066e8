// The inbox's SMTP listener: Mailpit's SMTP port (1025 in its container, `[local_smtp] smtp_port` on the host) for
// mail the project sends itself, such as the notify-answer function's. As Mailpit without settings: any sender and
// any recipient, no AUTH and no STARTTLS offered, no size limit. Each message is parsed (mailparser) into Mailpit's
// fields and stored beside Auth's emails, so the same API and page show it.
import type { AddressInfo } from 'node:net'
import type { Readable } from 'node:stream'
import type { AddressObject, ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import { loadOnFirstUse } from '../http/load-on-first-use.ts'
import { snippet, type Address, type Incoming, type Message, type Part } from './store.ts'

/** mailparser (with its charset tables) loads with the first message, not at every start of the stack. */
const loadParser = loadOnFirstUse(async () => (await import('mailparser')).simpleParser)

export interface SmtpListenerOptions {
  port: number
  host?: string
  /** Stores a received message; what it returns names it in the 250 reply (Mailpit's "queued as <ID>"). */
  receive: (incoming: Incoming) => Message
}

export class SmtpListener {
  private server: SMTPServer | undefined
  private address: AddressInfo | undefined

  constructor(private readonly options: SmtpListenerOptions) {}

  /** The port listened on (the real one when 0 was asked for). */
  get port(): number {
    return this.address?.port ?? this.options.port
  }

  get url(): string {
    return `smtp://${this.options.host ?? '127.0.0.1'}:${this.port}`
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      name: 'mailpit',
      banner: 'Mailpit ESMTP Service ready',
      // Mailpit offers neither without an auth file or a certificate; clients then send in the clear, unauthenticated.
      disabledCommands: ['AUTH', 'STARTTLS'],
      // The CLI starts Mailpit with MP_SMTP_DISABLE_RDNS=true.
      disableReverseLookup: true,
      logger: false,
      onData: (stream, session, callback) => {
        this.accept(stream, session).then(
          (message) => callback(null, `Ok: queued as ${message.ID}`),
          (error: unknown) => callback(Object.assign(new Error((error as Error).message), { responseCode: 451 })),
        )
      },
    })
    // A client that drops its connection is its own business; nothing about it may reach the stack.
    server.on('error', () => {})
    const listening = server.listen(this.options.port, this.options.host ?? '127.0.0.1')
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject)
      listening.once('listening', () => {
        listening.off('error', reject)
        resolve()
      })
    })
    this.address = listening.address() as AddressInfo
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (!server) return
    // close() waits for open sessions (up to closeTimeout); the stack stops at once, as Mailpit's container does.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const connection of server.connections) connection.close()
    await closed
  }

  private async accept(stream: Readable, session: SMTPServerSession): Promise<Message> {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks)
    const simpleParser = await loadParser()
    const parsed = await simpleParser(raw, { skipHtmlToText: true, keepCidLinks: true })
    return this.options.receive(incomingFrom(parsed, session.envelope, raw.length))
  }
}

type Envelope = SMTPServerSession['envelope']

/** Mailpit's fields for a parsed message; envelope recipients the headers do not name are its Bcc, as in Mailpit. */
export function incomingFrom(parsed: ParsedMail, envelope: Envelope, size: number): Incoming {
  const sender = envelope.mailFrom ? envelope.mailFrom.address : ''
  const to = addresses(parsed.to)
  const cc = addresses(parsed.cc)
  const bcc = addresses(parsed.bcc)
  const named = new Set([...to, ...cc, ...bcc].map((a) => a.Address.toLowerCase()))
  for (const recipient of envelope.rcptTo) {
    if (named.has(recipient.address.toLowerCase())) continue
    named.add(recipient.address.toLowerCase())
    bcc.push({ Name: '', Address: recipient.address })
  }
  const html = typeof parsed.html === 'string' ? parsed.html : ''
  const text = parsed.text ?? ''
  const returnPath = addresses(parsed.headers.get('return-path') as AddressObject | undefined)[0]?.Address
  return {
    MessageID: (parsed.messageId ?? '').replace(/^<|>$/g, ''),
    From: addresses(parsed.from)[0] ?? { Name: '', Address: sender },
    To: to,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: addresses(parsed.replyTo),
    ReturnPath: returnPath ?? sender,
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? new Date()).toISOString(),
    Tags: tags(parsed.headers.get('x-tags')),
    Size: size,
    Snippet: snippet(text || html.replace(/<(style|script)[\s\S]*?<\/\1>|<[^>]*>/gi, ' ')),
    Text: text,
    HTML: html,
    Type: 'smtp',
    Parts: parts(parsed),
  }
}

function addresses(header: AddressObject | AddressObject[] | undefined): Address[] {
  const objects = header === undefined ? [] : Array.isArray(header) ? header : [header]
  const flat = objects.flatMap((object) => object.value.flatMap((entry) => entry.group ?? [entry]))
  return flat.filter((entry) => entry.address).map((entry) => ({ Name: entry.name, Address: entry.address ?? '' }))
}

/** Mailpit's X-Tags header: comma-separated tags, trimmed, without duplicates. */
function tags(header: unknown): string[] {
  if (typeof header !== 'string') return []
  return [...new Set(header.split(',').map((tag) => tag.trim()))].filter(Boolean)
}

function parts(parsed: ParsedMail): { Attachments: Part[]; Inline: Part[] } {
  const result: { Attachments: Part[]; Inline: Part[] } = { Attachments: [], Inline: [] }
  for (const attachment of parsed.attachments) {
    const part: Part = {
      PartID: attachment.partId ?? '',
      FileName: attachment.filename ?? '',
      ContentType: attachment.contentType,
      ContentID: attachment.contentId?.replace(/^<|>$/g, '') ?? '',
      Size: attachment.size,
    }
    const inline = attachment.contentDisposition === 'inline' && Boolean(attachment.contentId)
    result[inline ? 'Inline' : 'Attachments'].push(part)
  }
  return result
}
