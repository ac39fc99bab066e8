// WebSocket upgrades into a function (Deno.upgradeWebSocket): the handshake goes to the worker on a connection of
// its own, and only a 101 joins the two sockets. Any other answer goes back with `Connection: close`, so that no
// later request on the client's connection can reach the worker without passing the service's checks.
import http, { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { endToEndHeaders } from './proxy.ts'
import { relayError, type EdgeAnswer } from './responses.ts'

export function forwardUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  requestPath: string,
  port: number,
  onClose: () => void,
): void {
  // The handshake carries no body here: bytes after it (`head`) are the client's first frames.
  const headers: string[] = []
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string
    if (!/^(content-length|transfer-encoding)$/i.test(name)) headers.push(name, req.rawHeaders[i + 1] as string)
  }
  const handshake = http.request({
    host: '127.0.0.1',
    port,
    method: req.method,
    path: requestPath,
    headers,
    agent: false,
  })
  let answered = false
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    handshake.destroy()
    socket.destroy()
    onClose()
  }
  socket.on('error', close).on('close', close)
  handshake.on('upgrade', (answer, upstream, upstreamHead) => {
    answered = true
    upstream.on('error', close).on('close', close)
    if (closed) return upstream.destroy()
    socket.write(statusLine(answer) + headerLines(answer.rawHeaders) + '\r\n')
    if (upstreamHead.length > 0) socket.write(upstreamHead)
    if (head.length > 0) upstream.write(head)
    upstream.pipe(socket).pipe(upstream)
  })
  handshake.on('response', (answer) => {
    answered = true
    const kept = [...endToEndHeaders(answer.rawHeaders), 'Connection', 'close']
    socket.write(statusLine(answer) + headerLines(kept) + '\r\n')
    answer.pipe(socket)
    answer.on('error', close)
  })
  handshake.on('error', () => {
    // The worker broke off before it answered: most likely it is dying.
    if (!answered && !closed) refuseUpgrade(socket, relayError('worker'))
    else close()
  })
  handshake.end()
}

export function refuseUpgrade(socket: Duplex, answer: EdgeAnswer): void {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n${head}\r\n${answer.body}`)
}

function statusLine(answer: IncomingMessage): string {
  const status = answer.statusCode ?? 502
  return `HTTP/1.1 ${status} ${answer.statusMessage || STATUS_CODES[status] || ''}\r\n`
}

function headerLines(raw: string[]): string {
  let lines = ''
  for (let i = 0; i + 1 < raw.length; i += 2) lines += `${raw[i]}: ${raw[i + 1]}\r\n`
  return lines
}
