// WebSocket upgrades (the realtime socket): handed to the service with the key rule applied, or refused with Kong's
// JSON answer. Logged once the socket closes, with the status the service wrote and how long the socket lived.
import type { IncomingMessage } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Service } from '../http/service.ts'
import { formatRequestLine, redactUrl } from './access-log.ts'

interface UpgradeContext {
  req: IncomingMessage
  socket: Duplex
  head: Buffer
  tag: string
  log: (line: string) => void
  logError: (text: string) => void
  /** Open upgraded sockets, so that stopping the gateway can close them. */
  track: Set<Duplex>
  target: { service: Service; path: string } | { status: number; body: unknown }
}

export function handleUpgrade({ req, socket, head, tag, log, logError, track, target }: UpgradeContext): void {
  const started = performance.now()
  const url = req.url ?? '/'
  let status: number | string = 'upgrade'
  // The service answers on the raw socket: read the status from the first bytes it writes.
  const write = socket.write
  socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]) {
    socket.write = write
    const start = Buffer.isBuffer(chunk) ? chunk.subarray(0, 16).toString('latin1') : String(chunk).slice(0, 16)
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(start)
    if (match) status = Number(match[1])
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
  } as Duplex['write']
  socket.on('error', () => {})
  track.add(socket)
  socket.once('close', () => {
    track.delete(socket)
    log(formatRequestLine(tag, req.method ?? 'GET', url, status, performance.now() - started))
  })

  if ('status' in target) return refuse(socket, target.status, target.body)
  try {
    target.service.upgrade!(req, socket, head, target.path)
  } catch (error) {
    logError(`${target.service.name} threw on upgrade ${redactUrl(url)}: ${(error as Error).stack ?? String(error)}`)
    if (status === 'upgrade' && socket.writable) refuse(socket, 500, { message: 'An unexpected error occurred' })
    else socket.destroy()
  }
}

function refuse(socket: Duplex, status: number, body: unknown): void {
  const json = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  )
}
