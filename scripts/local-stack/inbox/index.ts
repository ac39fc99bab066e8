// The email inbox of the local stack (Mailpit's place under `supabase start`, port 54324): the Auth service delivers
// into it directly, the project's own mail arrives over SMTP (smtp.ts, when config.toml sets smtp_port), and it
// serves Mailpit's API v1 (messages, message, search, delete, read status, info) and a page listing the messages.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BodyTooLargeError, readJsonBody } from '../http/body.ts'
import { sendJson } from '../http/json.ts'
import { isMethodNotAllowed, Router } from '../http/router.ts'
import { listPage, messagePage } from './page.ts'
import { search } from './search.ts'
import { SmtpListener } from './smtp.ts'
import { detail, MailStore, summary, type Message } from './store.ts'
import type { OutgoingEmail } from './types.ts'

export type { EmailType, OutgoingEmail } from './types.ts'

const version = 'v1.22.0'
/** Mailpit's read timeout, which is also how long it keeps an idle connection open. */
const idleTimeoutMs = 30_000
/** Far above a Mailpit API body (a list of message IDs). */
const maxBodyBytes = 1024 * 1024
/** The listing routes answer every method themselves (Mailpit's 405 text), so the router never refuses one. */
const anyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

type InboxHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: Record<string, string>,
) => Promise<void> | void

export class Inbox {
  private readonly store = new MailStore()
  private server: Server | undefined
  private readonly router = new Router<InboxHandler>()
    .add('GET', '/', (_req, res) => html(res, listPage(this.store.all())))
    .add('GET', '/view/:id', (_req, res, _url, { id }) => {
      const message = this.store.get(id ?? '')
      return message ? html(res, messagePage(message)) : text(res, 404, 'message not found')
    })
    .add(anyMethod, '/api/v1/messages', (req, res, url) => this.listing(req, res, url, false))
    .add(anyMethod, '/api/v1/search', (req, res, url) => this.listing(req, res, url, true))
    .add('GET', '/api/v1/message/:id', (_req, res, _url, { id }) => {
      const message = this.store.get(id ?? '')
      if (!message) return text(res, 404, 'message not found')
      message.Read = true
      return json(res, detail(message))
    })
    .add('GET', '/api/v1/info', (_req, res) =>
      json(res, { Version: version, Messages: this.store.all().length, Unread: this.store.unread(), Tags: {} }),
    )

  private readonly smtp: SmtpListener | undefined

  /** `smtpPort`: where to accept SMTP (0 for any free port); none without it. */
  constructor(private readonly options: { port: number; host?: string; smtpPort?: number }) {
    this.smtp =
      options.smtpPort === undefined
        ? undefined
        : new SmtpListener({ port: options.smtpPort, host: options.host, receive: (m) => this.store.insert(m) })
  }

  /** The port listened on (the real one when 0 was asked for). */
  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? this.options.port
  }

  get url(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`
  }

  /** The SMTP listener's host and port, when it runs. */
  get smtpAddress(): { host: string; port: number } | undefined {
    return this.smtp && { host: this.options.host ?? '127.0.0.1', port: this.smtp.port }
  }

  async start(): Promise<void> {
    // Mailpit's HTTP server (server/server.go) has a 30 s ReadTimeout and no IdleTimeout, which Go then takes from
    // ReadTimeout: a request must arrive within 30 s, and an idle keep-alive connection stays open as long. Node's
    // defaults close it after 5 s instead, and a client that stalled about that long (a loaded test machine) could
    // send its next request on a connection the inbox was closing, and read ECONNRESET.
    const server = createServer({ requestTimeout: idleTimeoutMs }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (error instanceof BodyTooLargeError) text(res, 413, 'request body too large')
        else if (!res.headersSent) text(res, 500, (error as Error).message)
        else res.destroy()
      })
    })
    server.keepAliveTimeout = idleTimeoutMs
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.options.port, this.options.host ?? '127.0.0.1', () => resolve())
    })
    this.server = server
    try {
      await this.smtp?.start()
    } catch (error) {
      await this.stop()
      throw error
    }
  }

  async stop(): Promise<void> {
    await this.smtp?.stop()
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
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const match = this.router.match(req.method ?? 'GET', path)
    // Mailpit answers unknown paths, and known ones under another method, with Go's plain 404.
    if (!match || isMethodNotAllowed(match)) return text(res, 404, '404 page not found')
    await match.handler(req, res, url, match.params)
  }

  private async listing(req: IncomingMessage, res: ServerResponse, url: URL, isSearch: boolean) {
    const method = req.method ?? 'GET'
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

/** The body as an object; empty, malformed or non-object bodies count as {} (Mailpit ignores them). */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const parsed = await readJsonBody(req, { limit: maxBodyBytes }).catch((error: unknown) => {
    if (error instanceof SyntaxError) return undefined
    throw error
  })
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
}

/** DELETE /api/v1/messages body {"IDs": [...]}; undefined (delete all) without one. */
async function requestIds(req: IncomingMessage): Promise<string[] | undefined> {
  const body = await readJson(req)
  if (!Array.isArray(body.IDs) || body.IDs.length === 0) return undefined
  return body.IDs.filter((id): id is string => typeof id === 'string')
}

// Mailpit sends application/json without a charset.
function json(res: ServerResponse, body: unknown): void {
  sendJson(res, 200, body, { 'content-type': 'application/json' })
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
