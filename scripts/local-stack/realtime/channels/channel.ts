// One joined channel of one socket: its settings from the join, the caller's claims and permissions, its
// postgres_changes bindings, and its life — pushes with its join_ref, the system message and phx_close that shut it
// down, and the clean-up (topic, presence, subscriptions, timers) when it ends.
import type { JwtClaims } from '../../keys/jwt.ts'
import type { Member } from '../broadcast/hub.ts'
import type { ChangesChannel, PgBinding } from '../changes/registry.ts'
import type { ServiceContext } from '../context.ts'
import type { Presence } from '../presence/registry.ts'
import type { Json, JsonObject } from '../socket/messages.ts'
import type { Serializer } from '../socket/serializer.ts'
import type { JoinConfig } from './join-config.ts'

/** Results of the realtime.messages probes; undefined until checked (write is checked on first use). */
export interface Policies {
  broadcastRead?: boolean
  presenceRead?: boolean
  broadcastWrite?: boolean
  presenceWrite?: boolean
}

/** The channel's view of its socket. */
export interface ChannelSocket {
  readonly serializer: Serializer
  readonly context: ServiceContext
  readonly headers: Record<string, string>
  send(message: Parameters<Serializer['encode']>[0]): void
  sendFrame(frame: string | Buffer): void
  forget(channel: Channel): void
}

export class Channel implements Member, ChangesChannel, Presence {
  readonly subTopic: string
  readonly hubKey: string
  readonly presenceKey: string
  presenceEnabled: boolean
  policies: Policies = {}
  /** Ids of the broadcasts replayed at join: their live copies are not sent again. */
  replayed: ReadonlySet<string> | undefined
  bindings: PgBinding[] = []
  /** The presence calls of the current client presence window (presence/handler.ts). */
  presenceCalls: { count: number; resetAt: number | undefined } = { count: 0, resetAt: undefined }
  /** The postgres_changes parameters the bindings were made from (the config's, or the legacy topic's). */
  pgParams: JsonObject[] = []
  closed = false
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(
    readonly socket: ChannelSocket,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly config: JoinConfig,
    public claims: JwtClaims,
    public accessToken: string,
    hubKey: string,
  ) {
    this.subTopic = topic.slice('realtime:'.length)
    this.hubKey = hubKey
    this.presenceKey = config.presenceKey
    this.presenceEnabled = config.presenceEnabled
  }

  get serializer(): Serializer {
    return this.socket.serializer
  }

  get context(): ServiceContext {
    return this.socket.context
  }

  get isPrivate(): boolean {
    return this.config.private
  }

  sendFrame(frame: string | Buffer): void {
    if (!this.closed) this.socket.sendFrame(frame)
  }

  receivesBroadcasts(): boolean {
    return !this.isPrivate || this.policies.broadcastRead !== false
  }

  receivesPresence(): boolean {
    return this.presenceEnabled && (!this.isPrivate || this.policies.presenceRead === true)
  }

  push(event: string, payload: Json): void {
    if (!this.closed)
      this.socket.send({ kind: 'push', joinRef: this.joinRef, ref: null, topic: this.topic, event, payload })
  }

  reply(ref: string | null, status: 'ok' | 'error', response: Json = {}): void {
    if (!this.closed)
      this.socket.send({ kind: 'reply', joinRef: this.joinRef, ref, topic: this.topic, status, response })
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.subTopic })
  }

  sendPostgresChanges(ids: number[], data: string, type: string): void {
    if (this.closed) return
    if (!this.config.newApi) {
      // A legacy join gets the change itself as an event named after its type, as Realtime's dispatcher sends it.
      this.socket.send({ kind: 'broadcast', topic: this.topic, event: type, payload: null, raw: data })
      return
    }
    const raw = `{"ids":${JSON.stringify(ids)},"data":${data}}`
    this.socket.send({ kind: 'broadcast', topic: this.topic, event: 'postgres_changes', payload: null, raw })
  }

  /** A timer that dies with the channel; returns its cancel function. */
  later(ms: number, work: () => void): () => void {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      if (!this.closed) work()
    }, ms)
    timer.unref()
    this.timers.add(timer)
    return () => {
      clearTimeout(timer)
      this.timers.delete(timer)
    }
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  /** Realtime's shutdown_response: a system error, then the channel stops and the client gets phx_close. */
  shutdown(message: string): void {
    this.system('system', 'error', message)
    this.close()
  }

  /** Ends the channel from the server side: phx_close (ref and join_ref are the join's). */
  close(): void {
    if (this.closed) return
    const { joinRef, topic } = this
    this.socket.send({ kind: 'push', joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} })
    this.end()
  }

  /** Ends the channel without telling the client (it left, or its socket closed). */
  end(): void {
    if (this.closed) return
    this.closed = true
    this.clearTimers()
    this.socket.forget(this)
    const { hub, presence, changes, log } = this.context
    hub.remove(this.hubKey, this)
    const diff = presence.untrack(this)
    if (diff) hub.publish(this.hubKey, { type: 'presence_diff', payload: diff as unknown as Json })
    if (this.bindings.length > 0) void changes.unsubscribe(this).catch((error: Error) => log(error.message))
  }
}
