// The inbox's SMTP listener over real sockets: mail sent with nodemailer, and raw SMTP conversations, arrive in
// Mailpit's API v1 like Auth's emails (summary and detail fields, envelope-only recipients as Bcc); the listener
// takes any sender and recipient without AUTH or STARTTLS, as Mailpit does without settings, and stops at once.
import net from 'node:net'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Inbox } from './index.ts'

interface Summary {
  ID: string
  MessageID: string
  From: { Name: string; Address: string }
  To: { Name: string; Address: string }[]
  Cc: { Name: string; Address: string }[]
  Bcc: { Name: string; Address: string }[]
  Subject: string
  Attachments: number
  Snippet: string
  Tags: string[]
  Size: number
}

/** A line-based SMTP client: each `send` writes a command and resolves with the server's whole reply. */
async function smtpSession(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let buffer = ''
  let waiting: ((reply: string) => void) | undefined
  socket.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk
    // A reply ends with a line whose code is followed by a space ("250 OK"), not a dash ("250-PIPELINING").
    if (/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffer) && waiting) {
      const reply = buffer
      buffer = ''
      waiting(reply)
    }
  })
  const next = () => new Promise<string>((resolve) => (waiting = resolve))
  const greeting = await next()
  return {
    greeting,
    socket,
    send: (line: string) => {
      const reply = next()
      socket.write(`${line}\r\n`)
      return reply
    },
  }
}

describe('Inbox SMTP listener', () => {
  const inbox = new Inbox({ port: 0, smtpPort: 0 })
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${inbox.url}${path}`)).json()) as T
  const find = async (to: string) =>
    (await api<{ messages: Summary[] }>(`/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)).messages
  let port: number

  beforeAll(async () => {
    await inbox.start()
    port = inbox.smtpAddress!.port
  })
  afterAll(() => inbox.stop())

  it('stores a message sent with nodemailer in Mailpit’s fields, attachments and envelope-only Bcc included', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false })
    const info = await transport.sendMail({
      from: '"Summit" <no-reply@summit.test>',
      to: '"Ada Asker" <ada@example.com>',
      cc: 'cc@example.com',
      bcc: 'hidden@example.com',
      subject: 'Ivan answered your question in Welcome — Alpine Basics',
      text: 'Hello Ada,\n\nIvan answered:\n> Yes.',
      html: '<p>Hello Ada,</p><p>Ivan answered: <img src="cid:logo@summit"> <a href="http://127.0.0.1:5173/learn">Open</a></p>',
      headers: { 'X-Tags': 'qa, answers, qa' },
      attachments: [
        { filename: 'notes.txt', content: 'some notes' },
        { filename: 'logo.png', content: Buffer.from([137, 80, 78, 71]), cid: 'logo@summit' },
      ],
    })
    transport.close()
    expect(info.rejected).toEqual([])

    const [summary, ...others] = await find('ada@example.com')
    expect(others).toEqual([])
    expect(summary).toMatchObject({
      MessageID: info.messageId.replace(/^<|>$/g, ''),
      From: { Name: 'Summit', Address: 'no-reply@summit.test' },
      To: [{ Name: 'Ada Asker', Address: 'ada@example.com' }],
      Cc: [{ Name: '', Address: 'cc@example.com' }],
      Bcc: [{ Name: '', Address: 'hidden@example.com' }],
      Subject: 'Ivan answered your question in Welcome — Alpine Basics',
      Attachments: 1,
      Snippet: 'Hello Ada, Ivan answered: > Yes.',
      Tags: ['qa', 'answers'],
    })
    expect(summary!.Size).toBeGreaterThan(500)

    const detail = await api<Record<string, unknown>>(`/api/v1/message/${summary!.ID}`)
    expect(detail).toMatchObject({
      Text: 'Hello Ada,\n\nIvan answered:\n> Yes.',
      ReturnPath: 'no-reply@summit.test',
      Attachments: [{ FileName: 'notes.txt', ContentType: 'text/plain', Size: 10 }],
      Inline: [{ FileName: 'logo.png', ContentType: 'image/png', ContentID: 'logo@summit', Size: 4 }],
    })
    expect(detail.HTML).toContain('<a href="http://127.0.0.1:5173/learn">Open</a>')
    expect(detail.HTML).toContain('cid:logo@summit')

    const page = await (await fetch(`${inbox.url}/`)).text()
    expect(page).toContain('<a href="http://127.0.0.1:5173/learn">')
  })

  it('speaks plain SMTP: no AUTH or STARTTLS offered, any sender and recipients, and names the stored message', async () => {
    const session = await smtpSession(port)
    expect(session.greeting).toMatch(/^220 mailpit ESMTP/)
    const ehlo = await session.send('EHLO client.test')
    expect(ehlo).toMatch(/^250-mailpit/)
    expect(ehlo).not.toMatch(/AUTH|STARTTLS/)
    expect(await session.send('MAIL FROM:<>')).toMatch(/^250 /)
    // More recipients than smtp-server lets unauthenticated clients send commands by default: no limit here.
    for (let i = 0; i < 30; i++) expect(await session.send(`RCPT TO:<r${i}@raw.test>`)).toMatch(/^250 /)
    expect(await session.send('DATA')).toMatch(/^354 /)
    const queued = await session.send('Subject: no from header\r\nTo: r0@raw.test\r\n\r\nbody line\r\n.')
    const id = /^250 Ok: queued as (\S+)\r\n$/.exec(queued)?.[1]
    expect(id, queued).toBeDefined()
    expect(await session.send('QUIT')).toMatch(/^221 /)
    session.socket.destroy()

    const detail = await api<Record<string, unknown> & { Bcc: unknown[] }>(`/api/v1/message/${id}`)
    expect(detail).toMatchObject({
      Subject: 'no from header',
      From: { Name: '', Address: '' },
      To: [{ Address: 'r0@raw.test' }],
      Text: 'body line\n',
    })
    expect(detail.Bcc).toHaveLength(29)
  })

  it('refuses AUTH as a command it does not know, like Mailpit without an auth file', async () => {
    const session = await smtpSession(port)
    await session.send('EHLO client.test')
    expect(await session.send('AUTH PLAIN AGFkYQBzZWNyZXQ=')).toMatch(/^5\d\d /)
    session.socket.destroy()
  })

  it('stops at once, even with a client still connected', async () => {
    const other = new Inbox({ port: 0, smtpPort: 0 })
    await other.start()
    const session = await smtpSession(other.smtpAddress!.port)
    await session.send('EHLO idle.test')
    const started = Date.now()
    await other.stop()
    expect(Date.now() - started).toBeLessThan(2000)
    session.socket.destroy()
  })
})
