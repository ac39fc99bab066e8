// One client socket (Phoenix.Socket): frames are decoded with the socket's protocol version and handled one at a
// time, in order, as the socket process does. Heartbeats are answered; phx_join starts a channel (a second join of
// a topic replaces the first); other messages go to their channel, or get "unmatched topic". A malformed frame is
// logged and ignored (MalformedWebSocketMessage), never fatal.
import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'
import type { Channel } from '../channels/channel.ts'
import { handleChannelEvent } from '../channels/events.ts'
import { join, type JoiningSocket } from '../channels/join.ts'
import type { ServiceContext } from '../context.ts'
import type { Inbound, Outbound } from './messages.ts'
import type { Serializer } from './serializer.ts'

const IDLE_TIMEOUT_MS = 60_000
/** A client that does not read its frames is dropped past this much backlog (Realtime's transport heap limit). */
const MAX_BACKLOG_BYTES = 50 * 1024 * 1024

export class Connection implements JoiningSocket {
  readonly channels = new Map<string, Channel>()
  closed = false
  private queue: Promise<void> = Promise.resolve()
  private corked = false
  private idle: NodeJS.Timeout | undefined

  constructor(
    private readonly ws: WebSocket,
    /** The TCP socket under the WebSocket: corked while a burst of frames is written. */
    private readonly socket: Duplex,
    readonly serializer: Serializer,
    readonly context: ServiceContext,
    readonly tenantToken: string,
    readonly headers: Record<string, string>,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary))
    ws.on('close', () => this.onClose())
    ws.on('error', () => {}) // a broken socket also emits 'close'
    this.stillAlive()
  }

  /** Phoenix closes a socket that sent nothing for 60 s; clients send a heartbeat every 25 s. */
  private stillAlive(): void {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => this.terminate(), IDLE_TIMEOUT_MS).unref()
  }

  send(message: Outbound): void {
    this.sendFrame(this.serializer.encode(message))
  }

  /** Frames sent in one turn of the event loop leave in one write (a fan-out sends many in a burst). */
  sendFrame(frame: string | Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return
    if (this.ws.bufferedAmount > MAX_BACKLOG_BYTES) return this.terminate()
    if (!this.corked) {
      this.corked = true
      this.socket.cork()
      setImmediate(() => {
        this.corked = false
        this.socket.uncork()
      })
    }
    this.ws.send(frame)
  }

  forget(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
  }

  /** Closes the socket (the service is stopping). */
  terminate(): void {
    this.ws.terminate()
    this.onClose()
  }

  disconnect(): void {
    this.ws.close(1000)
    this.onClose()
  }

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    this.stillAlive()
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
    let message: Inbound
    try {
      message = this.serializer.decode(bytes, isBinary)
    } catch (error) {
      this.context.trace(`MalformedWebSocketMessage: ${(error as Error).message}`)
      return
    }
    this.queue = this.queue
      .then(() => this.route(message))
      .catch((error: Error) => this.context.log(`UnknownErrorOnWebSocketMessage: ${error.stack ?? error.message}`))
  }

  private async route(message: Inbound): Promise<void> {
    if (this.closed) return
    const { topic, ref, joinRef } = message
    if (message.kind === 'message' && topic === 'phoenix' && message.event === 'heartbeat') {
      return this.send({ kind: 'reply', joinRef, ref, topic, status: 'ok', response: {} })
    }
    if (message.kind === 'message' && message.event === 'phx_join' && topic.startsWith('realtime:')) {
      this.channels.get(topic)?.close()
      return join(this, message)
    }
    const channel = this.channels.get(topic)
    if (!channel) {
      return this.send({ kind: 'reply', joinRef, ref, topic, status: 'error', response: { reason: 'unmatched topic' } })
    }
    return handleChannelEvent(channel, message)
  }

  private onClose(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.idle)
    this.context.tenant.users.delete(this)
    for (const channel of [...this.channels.values()]) channel.end()
  }
}
