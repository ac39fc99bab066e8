// WebSocket upgrades into a function (Deno.upgradeWebSocket): the handshake is replayed to the worker over a
// plain TCP connection and both sockets are joined; refusals are written as raw HTTP responses.
import { STATUS_CODES, type IncomingMessage } from 'node:http'
import net from 'node:net'
import type { Duplex } from 'node:stream'
import type { EdgeAnswer } from './responses.ts'

export function forwardUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  requestPath: string,
  port: number,
  onClose: () => void,
): void {
  const upstream = net.connect(port, '127.0.0.1')
  let lines = `${req.method} ${requestPath} HTTP/1.1\r\n`
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`
  upstream.write(`${lines}\r\n`)
  if (head.length > 0) upstream.write(head)
  upstream.pipe(socket).pipe(upstream)
  const close = () => {
    upstream.destroy()
    socket.destroy()
    onClose()
  }
  upstream.on('error', close).on('close', close)
  socket.on('error', close).on('close', close)
}

export function refuseUpgrade(socket: Duplex, answer: EdgeAnswer): void {
  const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' }
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n${head}\r\n${answer.body}`)
}
