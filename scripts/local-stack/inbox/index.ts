// The email inbox of the local stack (Mailpit's place under `supabase start`, port 54324): the Auth service delivers
// into it directly, and it serves Mailpit's API v1 (messages, message, search, delete, read status, info) and a
// page listing the messages with their links.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { listPage, messagePage } from './page.ts'
import { search } from './search.ts'
import { detail, MailStore, summary, type Message } from './store.ts'
import type { OutgoingEmail } from './types.ts'

export type { OutgoingEmail } from './types.ts'

const version = 'v1.22.0'

export class Inbox {
  private readonly store = new MailStore()
  private server: Server | undefined

  constructor(private readonly options: { port: number; host?: string }) {}

  /** The port listened on (the real one when 0 was asked for). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.options.port
  }

  get url(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) text(res, 500, (error as Error).message)
        else res.destroy()
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  async deliver(email: OutgoingEmail): Promise<void> {
    this.store.add(email)
  }

  /** Messages newest first (for in-process callers such as tests). */
  messages(): readonly Message[] {
    return this.store.all()
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://inbox.local')
    const method = req.method ?? 'GET'
    const path = url.pathname.replace(/\/+$/, '') || '/'
    if (method === 'GET' && path === '/') return html(res, listPage(this.store.all()))
    const view = /^\/view\/([^/]+)$/.exec(path)
    if (method === 'GET' && view) {
      const message = this.store.get(decodeURIComponent(view[1]!))
      return message ? html(res, messagePage(message)) : text(res, 404, 'message not found')
    }
    if (path === '/api/v1/messages' || path === '/api/v1/search') {
      return this.listing(req, res, method, url, path === '/api/v1/search')
    }
    const one = /^\/api\/v1\/message\/([^/]+)$/.exec(path)
    if (one && method === 'GET') {
      const message = this.store.get(decodeURIComponent(one[1]!))
      if (!message) return text(res, 404, 'message not found')
      message.Read = true
      return json(res, detail(message))
    }
    if (path === '/api/v1/info' && method === 'GET') {
      return json(res, { Version: version, Messages: this.store.all().length, Unread: this.store.unread(), Tags: {} })
    }
    text(res, 404, '404 page not found')
  }

  private async listing(req: IncomingMessage, res: ServerResponse, method: string, url: URL, isSearch: boolean) {
    const query = url.searchParams.get('query') ?? ''
    if (isSearch && query.trim() === '') return text(res, 400, 'no search query')
    const matching = isSearch ? search(this.store.all(), query) : this.store.all()
    if (method === 'DELETE') {
      this.store.delete(isSearch ? matching.map((m) => m.ID) : ((await requestIds(req)) ?? 'all'))
      return text(res, 200, 'ok')
    }
    if (method === 'PUT' && !isSearch) {
      const body = await readJson(req)
      const ids = Array.isArray(body.IDs) ? body.IDs.filter((id): id is string => typeof id === 'string') : []
      for (const m of this.store.all()) if (ids.length === 0 || ids.includes(m.ID)) m.Read = body.Read === true
      return text(res, 200, 'ok')
    }
    if (method !== 'GET') return text(res, 405, 'method not allowed')
    const start = Math.max(0, Number(url.searchParams.get('start')) || 0)
    const limit = Math.max(1, Number(url.searchParams.get('limit')) || 50)
    const page = matching.slice(start, start + limit)
    json(res, {
      total: this.store.all().length,
      unread: this.store.unread(),
      count: page.length,
      messages_count: matching.length,
      messages_unread: matching.filter((m) => !m.Read).length,
      start,
      tags: [],
      messages: page.map(summary),
    })
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks).toString('utf8').trim()
  if (!body) return {}
  try {
    const parsed: unknown = JSON.parse(body)
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** DELETE /api/v1/messages body {"IDs": [...]}; undefined (delete all) without one. */
async function requestIds(req: IncomingMessage): Promise<string[] | undefined> {
  const body = await readJson(req)
  if (!Array.isArray(body.IDs) || body.IDs.length === 0) return undefined
  return body.IDs.filter((id): id is string => typeof id === 'string')
}

function json(res: ServerResponse, body: unknown): void {
  const payload = JSON.stringify(body)
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) })
  res.end(payload)
}

function text(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(body)
}

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    // The page shows untrusted email content: no scripts, nothing loaded from elsewhere.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
  })
  res.end(body)
}
