// The forwarding headers as the CLI's Kong (2.8, no `trusted_ips`, so no address is trusted) sets them for its
// upstreams: X-Forwarded-For is the client's own list with the connection's address appended (or that address alone),
// X-Real-IP is the connection's address whatever the client sent, and CF-Connecting-IP passes through untouched.
// Only the last X-Forwarded-For entry and X-Real-IP are the gateway's word; everything before them is the client's.
import type { IncomingMessage } from 'node:http'

/** The X-Forwarded-For Kong sends upstream: `<incoming>, <socket address>`, or the socket address alone. */
export function forwardedFor(incoming: string | undefined, socketAddress: string): string {
  return incoming === undefined ? socketAddress : `${incoming}, ${socketAddress}`
}

/** Sets X-Forwarded-For and X-Real-IP on a request in place (`req.headers` and `req.rawHeaders` both). */
export function setForwardingHeaders(req: IncomingMessage): void {
  // A socket already gone has no address; nginx's $remote_addr is never empty, so the request still gets one.
  const socketAddress = req.socket.remoteAddress ?? '0.0.0.0'
  // Node joins repeated X-Forwarded-For headers with ", " as nginx's $http_x_forwarded_for does.
  const incoming = req.headers['x-forwarded-for']
  setHeader(
    req,
    'X-Forwarded-For',
    forwardedFor(Array.isArray(incoming) ? incoming.join(', ') : incoming, socketAddress),
  )
  setHeader(req, 'X-Real-IP', socketAddress)
}

/** Replaces every copy of a header with one value, in the parsed and the raw headers alike. */
function setHeader(req: IncomingMessage, name: string, value: string): void {
  const lower = name.toLowerCase()
  req.headers[lower] = value
  const raw: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== lower) raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  }
  raw.push(name, value)
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw)
}
