// One request as the route handlers see it: method, path and query after the /auth/v1 prefix, route parameters,
// the caller the route's auth gate let in, the rate-limit key, and the body read once (bounded, by the stack's
// shared reader) and decoded the way GoTrue decodes it.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { BodyTooLargeError, readBody } from '../../http/body.ts'
import type { AuthContext } from '../context.ts'
import { AuthError } from '../errors.ts'
import type { Caller } from '../tokens/caller.ts'
import { Params } from './params.ts'

/** A route handler; the dispatcher has already applied the route's auth gate and rate limit. */
export type AuthHandler = (context: AuthContext, request: AuthRequest) => Promise<void>

/** Far above any legitimate GoTrue body (a WebAuthn attestation is a few kB); protects memory, not semantics. */
const maxBodyBytes = 512 * 1024

export class AuthRequest {
  readonly method: string
  readonly pathname: string
  readonly query: URLSearchParams
  params: Record<string, string> = {}
  private body: Promise<Buffer> | undefined
  private signedIn: Caller | undefined

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    path: string,
    /** The key per-client rate limits use: the configured header's value; undefined means no per-client limit. */
    readonly clientKey: string | undefined,
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

  /** The caller let in by the route's auth gate ('user', 'mfa' or 'passkey' routes). */
  caller(): Caller {
    if (!this.signedIn)
      throw new Error(`route ${this.method} ${this.pathname} reads a caller but has no user auth gate`)
    return this.signedIn
  }

  setCaller(caller: Caller): void {
    this.signedIn = caller
  }

  get userAgent(): string | undefined {
    return this.req.headers['user-agent'] || undefined
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name.toLowerCase()]
    return Array.isArray(value) ? value[0] : value
  }

  rawBody(): Promise<Buffer> {
    this.body ??= readBody(this.req, { limit: maxBodyBytes }).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) throw new AuthError(413, 'request_too_large', 'Request body is too large')
      throw error
    })
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
