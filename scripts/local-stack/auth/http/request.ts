// One request as the route handlers see it: method, path and query after the /auth/v1 prefix, route parameters,
// the client address rate limits key on, and the body read once (bounded) and decoded the way GoTrue decodes it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { AuthError } from '../errors.ts'
import { Params } from './params.ts'

/** Far above any legitimate GoTrue body (a WebAuthn attestation is a few kB); protects memory, not semantics. */
const maxBodyBytes = 512 * 1024

export class AuthRequest {
  readonly method: string
  readonly pathname: string
  readonly query: URLSearchParams
  params: Record<string, string> = {}
  private body: Promise<Buffer> | undefined

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    path: string,
    /** The key rate limits use: the configured header's value, or the client address. */
    readonly clientKey: string,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase()
    // Concatenated, not resolved: a path like "//host/x" must stay a path.
    const url = new URL(`http://auth.local${path.startsWith('/') ? '' : '/'}${path}`)
    // GoTrue's router ignores a trailing slash ("/signup/" is "/signup").
    this.pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
    this.query = url.searchParams
  }

  /** The client's IP address, IPv4-mapped IPv6 addresses written as IPv4 (stored in sessions and challenges). */
  get ip(): string {
    return clientAddress(this.req)
  }

  get userAgent(): string | undefined {
    return this.req.headers['user-agent'] || undefined
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()]
    return Array.isArray(value) ? value[0] : value
  }

  rawBody(): Promise<Buffer> {
    this.body ??= readBody(this.req)
    return this.body
  }

  /** The body as a JSON object; `struct` is the Go type GoTrue decodes it into (used in error messages). */
  async json(struct: string): Promise<Params> {
    return Params.parse(await this.rawBody(), struct)
  }

  /** Like json(), but an empty body is an empty object (endpoints whose body is optional). */
  async optionalJson(struct: string): Promise<Params> {
    const body = await this.rawBody()
    return body.toString('utf8').trim() === '' ? Params.empty(struct) : Params.parse(body, struct)
  }
}

export function clientAddress(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? ''
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0))
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        req.removeAllListeners('data')
        req.resume()
        reject(new AuthError(413, 'request_too_large', 'Request body is too large'))
        return
      }
      chunks.push(chunk)
    })
    req.once('end', () => resolve(Buffer.concat(chunks)))
    req.once('error', reject)
  })
}
