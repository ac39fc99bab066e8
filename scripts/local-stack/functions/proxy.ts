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

export function endToEndHeaders(raw: string[]): string[] {
  const kept: string[] = []
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (!hopByHop.has((raw[i] as string).toLowerCase())) kept.push(raw[i] as string, raw[i + 1] as string)
  }
  return kept
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
      headers: endToEndHeaders(req.rawHeaders),
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
