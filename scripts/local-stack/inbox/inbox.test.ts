// The inbox through Mailpit's API v1, as the auth-js example's e2e helpers use it (search to:, message by ID,
// DELETE messages), plus the web page: everything escaped, links clickable.
import { once } from 'node:events'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Inbox } from './index.ts'
import { search } from './search.ts'
import { MailStore } from './store.ts'
import type { OutgoingEmail } from './types.ts'

const email = (to: string, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  type: 'magic_link',
  to,
  subject: 'Your Magic Link',
  html: '<p><a href="http://127.0.0.1:54321/auth/v1/verify?token=abc&amp;type=magiclink">Log In</a></p>',
  text: 'Log In ( http://127.0.0.1:54321/auth/v1/verify?token=abc&type=magiclink )',
  ...overrides,
})

describe('Inbox', () => {
  const inbox = new Inbox({ port: 0 })
  const api = (path: string, init?: RequestInit) => fetch(`${inbox.url}${path}`, init)
  beforeAll(() => inbox.start())
  afterAll(() => inbox.stop())

  it('lists messages newest first with Mailpit summary fields', async () => {
    await api('/api/v1/messages', { method: 'DELETE' })
    await inbox.deliver(email('first@example.com'))
    await inbox.deliver(email('second@example.com', { subject: 'Confirm Your Email', type: 'confirmation' }))
    const list = (await (await api('/api/v1/messages')).json()) as Record<string, unknown> & {
      messages: Record<string, unknown>[]
    }
    expect(list).toMatchObject({ total: 2, unread: 2, messages_count: 2, start: 0, tags: [] })
    expect(Object.keys(list.messages[0]!).sort()).toEqual(
      [
        'Attachments',
        'Bcc',
        'Cc',
        'Created',
        'From',
        'ID',
        'MessageID',
        'Read',
        'ReplyTo',
        'Size',
        'Snippet',
        'Subject',
        'Tags',
        'To',
      ].sort(),
    )
    expect(list.messages[0]).toMatchObject({
      Subject: 'Confirm Your Email',
      To: [{ Name: '', Address: 'second@example.com' }],
      From: { Name: 'Admin', Address: 'admin@email.com' },
      Read: false,
    })
    expect(list.messages[1]?.Snippet).toContain('Log In')
  })

  it('searches by to:, fetches a message with Text and HTML (marking it read), and deletes', async () => {
    await inbox.deliver(email('find.me@example.com'))
    const found = (await (
      await api(`/api/v1/search?query=${encodeURIComponent('to:find.me@example.com')}&limit=1`)
    ).json()) as {
      messages: { ID: string }[]
      messages_count: number
    }
    expect(found.messages_count).toBe(1)
    const message = (await (await api(`/api/v1/message/${found.messages[0]!.ID}`)).json()) as Record<string, unknown>
    expect(message).toMatchObject({ Subject: 'Your Magic Link', To: [{ Address: 'find.me@example.com' }] })
    expect(message.HTML).toContain('verify?token=abc')
    expect(message.Text).toContain('verify?token=abc')
    const latest = (await (await api('/api/v1/message/latest')).json()) as { ID: string }
    expect(latest.ID).toBe(found.messages[0]!.ID)
    expect((await api('/api/v1/message/nope')).status).toBe(404)
    expect((await api('/api/v1/search?query=to:nobody@example.com', { method: 'DELETE' })).status).toBe(200)
    const ids = { IDs: [found.messages[0]!.ID] }
    expect(await (await api('/api/v1/messages', { method: 'DELETE', body: JSON.stringify(ids) })).text()).toBe('ok')
    expect((await api(`/api/v1/message/${found.messages[0]!.ID}`)).status).toBe(404)
    await api('/api/v1/messages', { method: 'DELETE' })
    expect(((await (await api('/api/v1/messages')).json()) as { total: number }).total).toBe(0)
  })

  it('shows a page with clickable links and escaped content', async () => {
    await inbox.deliver(
      email('page@example.com', {
        subject: '<script>alert(1)</script>',
        html: '<a href="javascript:alert(1)">x</a><a href="http://127.0.0.1:54321/auth/v1/verify?token=t&amp;type=signup">go</a>',
        text: '<b>bold</b>',
      }),
    )
    const response = await api('/')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    const page = await response.text()
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(page).toContain('<a href="http://127.0.0.1:54321/auth/v1/verify?token=t&amp;type=signup">')
    expect(page).not.toContain('javascript:')
    expect(page).toContain('&lt;b&gt;bold&lt;/b&gt;')
  })

  it("keeps an idle connection open for Mailpit's 30 s, past Node's default 5 s", async () => {
    const socket = connect(inbox.port, '127.0.0.1')
    await once(socket, 'connect')
    let received = ''
    let closed = false
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk))
    socket.on('close', () => (closed = true))
    const ask = async () => {
      received = ''
      socket.write('GET /api/v1/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      await vi.waitFor(() => expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{/))
    }
    try {
      await ask()
      expect(received.toLowerCase()).toContain('keep-alive: timeout=30')
      await sleep(5_500)
      expect(closed).toBe(false)
      await ask()
    } finally {
      socket.destroy()
    }
  }, 15_000)
})

describe('Mailpit search syntax', () => {
  it('matches fields, quotes, negation and free text', () => {
    const store = new MailStore()
    store.add(email('a@example.com', { subject: 'Reset Your Password' }))
    store.add(email('b@example.com', { subject: 'Your Magic Link' }))
    const subjects = (query: string) => search(store.all(), query).map((m) => m.Subject)
    expect(subjects('to:a@example.com')).toEqual(['Reset Your Password'])
    expect(subjects('subject:"magic link"')).toEqual(['Your Magic Link'])
    expect(subjects('-to:a@example.com')).toEqual(['Your Magic Link'])
    expect(subjects('reset')).toEqual(['Reset Your Password'])
    expect(subjects('is:unread').length).toBe(2)
  })

  it('keeps at most 500 messages', () => {
    const store = new MailStore(3)
    for (let i = 0; i < 5; i++) store.add(email(`${i}@example.com`))
    expect(store.all().map((m) => m.To[0]!.Address)).toEqual(['4@example.com', '3@example.com', '2@example.com'])
  })
})
