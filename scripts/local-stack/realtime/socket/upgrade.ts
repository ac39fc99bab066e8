// Accepting the socket (UserSocket.connect): GET /websocket upgrades when its apikey (x-api-key header, else the
// `apikey` query parameter) is a valid JWT with `role` and `exp`, and its `vsn` names a protocol this server speaks.
// Refusals are Realtime's: HTTP 401 with {"error": …} before any WebSocket exists, 429 while the tenant has its
// maximum of connected users or is over its joins per second.
import type { IncomingMessage } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import { checkToken, connectError } from '../channels/tokens.ts'
import type { ServiceContext } from '../context.ts'
import { Connection } from './connection.ts'
import { serializerFor } from './serializer.ts'

/** Frames past this size close the socket (1009); Realtime's payload limit is 3,000 kB. */
const MAX_FRAME_BYTES = 8 * 1024 * 1024

function refuse(socket: Duplex, status: number, body: unknown): void {
  const json = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  )
}

/** The x- headers of the upgrade request: Realtime's x_headers, which become request.headers in RLS checks. */
function xHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith('x-') && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

export class SocketServer {
  readonly connections = new Set<Connection>()
  private readonly wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_FRAME_BYTES,
    clientTracking: false,
  })

  /** Set once the service stops: an upgrade whose token was still being checked is dropped. */
  private closed = false

  constructor(private readonly context: ServiceContext) {}

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): Promise<void> {
    socket.on('error', () => {})
    const url = new URL(path, 'http://realtime.local')
    if (url.pathname !== '/websocket' && url.pathname !== '/websocket/') {
      return refuse(socket, 404, { message: 'not found' })
    }
    const header = req.headers['x-api-key']
    const token = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined
    const check = await checkToken(this.context.keys, token)
    if (this.closed) return void socket.destroy()
    if (!check.ok) return refuse(socket, 401, { error: connectError(check) })
    const overLimit = this.context.tenant.connectRefusal()
    if (overLimit) return refuse(socket, 429, { error: overLimit })
    const serializer = serializerFor(url.searchParams.get('vsn'))
    if (!serializer) return refuse(socket, 403, { error: 'Error connecting to Realtime' })
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new Connection(ws, socket, serializer, this.context, String(token), xHeaders(req))
      this.connections.add(connection)
      ws.once('close', () => this.connections.delete(connection))
    })
  }

  closeAll(): void {
    this.closed = true
    for (const connection of this.connections) connection.terminate()
    this.connections.clear()
  }
}
