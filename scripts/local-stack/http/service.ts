// The contract between the API gateway and the services behind it (rest, auth, storage, realtime, functions).
// The gateway has already answered CORS preflights, applied the key rules of `supabase start` (so Authorization
// carries a JWT, or nothing) and stripped the mount prefix; it logs one line per request.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

export interface Service {
  /** Shown in logs, e.g. "rest". */
  readonly name: string
  /** `path` is the request path after the mount prefix ("/rest/v1/courses?select=*" → "/courses?select=*"). */
  handle(req: IncomingMessage, res: ServerResponse, path: string): void | Promise<void>
  /** WebSocket upgrades (realtime). */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void
  start?(): Promise<void>
  stop?(): Promise<void>
}
