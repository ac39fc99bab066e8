// Forwards one request to a function's worker and its answer back, streaming both ways: method, path, headers
// (raw, so repeated ones survive) and body go in as they arrive, and the worker's status, headers and chunks come
// out as they are produced (server-sent events reach the client before the function finishes).
import http, { type IncomingMessage, type ServerResponse } from 'node:http'

/** `done`: the answer was sent; `failed`: the worker broke off; `gone`: the client left first. */
export type ForwardOutcome = 'done' | 'failed' | 'gone'

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
])

/** The headers (raw name/value pairs) for the next hop: not the hop-by-hop ones, those Connection names, or `also`. */
export function endToEndHeaders(raw: string[], also: string[] = []): string[] {
  const dropped = new Set([...hopByHop, ...also])
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if ((raw[i] as string).toLowerCase() !== 'connection') continue
    for (const token of (raw[i + 1] as string).split(',')) dropped.add(token.trim().toLowerCase())
  }
  const kept: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!dropped.has((raw[i] as string).toLowerCase())) kept.push(raw[i] as string, raw[i + 1] as string)
  }
  return kept
}

/**
 * The request's headers for the worker, with its body's framing taken from what Node's server parsed, whatever the
 * Connection header names. Node's client sends a GET, HEAD, DELETE or OPTIONS body without framing unless told: on
 * the pooled connection the worker would read that body as a request of its own.
 */
export function upstreamHeaders(req: IncomingMessage): string[] {
  const headers = endToEndHeaders(req.rawHeaders, ['content-length'])
  // Node's server refuses a request that has both; a chunked body goes on chunked, with the codings it named.
  const codings = req.headers['transfer-encoding']
  const length = req.headers['content-length']
  if (codings !== undefined) headers.push('Transfer-Encoding', codings)
  else if (length !== undefined) headers.push('Content-Length', length)
  return headers
}

export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  port: number,
  agent: http.Agent,
): Promise<ForwardOutcome> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (outcome: ForwardOutcome) => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    const upstream = http.request({
      host: '127.0.0.1',
      port,
      method: req.method,
      path,
      headers: upstreamHeaders(req),
      agent,
    })
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.rawHeaders))
      // Headers go out at once: a streaming function's client must not wait for its first chunk to learn the status.
      res.flushHeaders()
      answer.pipe(res)
      answer.on('end', () => settle('done'))
      answer.on('aborted', () => settle('failed'))
      answer.on('error', () => settle('failed'))
    })
    upstream.on('error', () => settle('failed'))
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy()
        settle('gone')
      }
    })
    req.on('error', () => upstream.destroy())
    req.pipe(upstream)
  })
}
