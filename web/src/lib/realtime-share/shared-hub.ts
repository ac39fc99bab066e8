// One Realtime socket for all of a browser's tabs: the tab elected leader opens each channel that any tab wants,
// once, and relays what arrives (and how the channel stands) to the others over a tab bus (BroadcastChannel). A
// tab that follows only asks for channels and listens. When the leader closes, the next tab elected announces
// itself and the others say again what they want, so the channels are opened anew there. Pure logic: the bus and
// the transport (realtime-js) are handed in, which keeps it testable without a browser or a server.

/** A postgres_changes binding, as realtime-js takes it. */
export interface ChangeFilter {
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*'
  schema: string
  table: string
  filter?: string
}

/** What a channel listens to: every broadcast of its topic, plus any postgres_changes bindings. */
export interface ChannelSpec {
  topic: string
  private?: boolean
  changes?: ChangeFilter[]
}

/** 'paused': the channel was refused, failed or closed; realtime-js keeps trying, and 'live' follows if it gets in. */
export type LiveStatus = 'connecting' | 'live' | 'paused'

export interface ChannelMessage {
  kind: 'broadcast' | 'postgres_changes'
  event: string
  payload: unknown
}

export interface ChannelListener {
  message(message: ChannelMessage): void
  /** `rejoined`: live again after having been live (or paused) before; what was missed meanwhile must be read again. */
  status(status: LiveStatus, rejoined: boolean): void
}

/** Opens one channel of `spec`; returns the way to close it. */
export type Transport = (
  spec: ChannelSpec,
  handlers: { message(message: ChannelMessage): void; status(status: LiveStatus): void },
) => () => void

export type Wire =
  | { type: 'want' | 'drop'; tab: string; key: string; spec: ChannelSpec }
  | { type: 'hello'; tab: string }
  | { type: 'message'; key: string; message: ChannelMessage }
  | { type: 'status'; key: string; status: LiveStatus }

export interface TabBus {
  post(wire: Wire): void
  listen(handler: (wire: Wire) => void): () => void
}

export const specKey = (spec: ChannelSpec): string =>
  JSON.stringify([spec.topic, spec.private === true, spec.changes ?? []])

interface Local {
  spec: ChannelSpec
  listeners: Set<ChannelListener>
  status: LiveStatus
  /** Whether this channel was live, or fell to paused, before: the next 'live' is then a rejoin. */
  settled: boolean
}

interface Opened {
  spec: ChannelSpec
  tabs: Set<string>
  status: LiveStatus
  close: () => void
}

export class SharedHub {
  private leading = false
  private readonly local = new Map<string, Local>()
  private readonly opened = new Map<string, Opened>()
  private readonly stopListening: () => void

  constructor(
    private readonly tab: string,
    private readonly bus: TabBus,
    private readonly transport: Transport,
  ) {
    this.stopListening = bus.listen((wire) => this.receive(wire))
  }

  get isLeader(): boolean {
    return this.leading
  }

  /** Listens to the channel of `spec` (opened by whichever tab leads); returns the way to stop. */
  subscribe(spec: ChannelSpec, listener: ChannelListener): () => void {
    const key = specKey(spec)
    const existing = this.local.get(key)
    const current: Local = existing ?? { spec, listeners: new Set(), status: 'connecting', settled: false }
    current.listeners.add(listener)
    listener.status(current.status, false)
    if (!existing) {
      this.local.set(key, current)
      this.want(key, spec)
    }
    return () => {
      if (!current.listeners.delete(listener) || current.listeners.size > 0) return
      this.local.delete(key)
      this.drop(key, spec)
    }
  }

  /** Hands `message` to the other tabs' listeners of `spec`, as if it had come over the channel (this tab's news). */
  share(spec: ChannelSpec, message: ChannelMessage): void {
    this.bus.post({ type: 'message', key: specKey(spec), message })
  }

  /** This tab now holds the socket: it opens every channel any tab wants and asks the others what they want. */
  lead(): void {
    if (this.leading) return
    this.leading = true
    for (const [key, entry] of this.local) this.open(key, entry.spec, this.tab)
    this.bus.post({ type: 'hello', tab: this.tab })
  }

  /** The tab goes away: its channels are dropped, and closed if it led. */
  dispose(): void {
    for (const [key, entry] of this.local) this.drop(key, entry.spec)
    this.local.clear()
    for (const opened of this.opened.values()) opened.close()
    this.opened.clear()
    this.leading = false
    this.stopListening()
  }

  private want(key: string, spec: ChannelSpec) {
    if (this.leading) this.open(key, spec, this.tab)
    else this.bus.post({ type: 'want', tab: this.tab, key, spec })
  }

  private drop(key: string, spec: ChannelSpec) {
    if (this.leading) this.release(key, this.tab)
    else this.bus.post({ type: 'drop', tab: this.tab, key, spec })
  }

  private receive(wire: Wire) {
    switch (wire.type) {
      case 'want':
        if (this.leading) this.open(wire.key, wire.spec, wire.tab)
        return
      case 'drop':
        if (this.leading) this.release(wire.key, wire.tab)
        return
      case 'hello':
        // A new leader: say again what this tab wants (it may have missed the wants sent before it led).
        for (const [key, entry] of this.local) this.bus.post({ type: 'want', tab: this.tab, key, spec: entry.spec })
        return
      case 'message':
        this.deliver(wire.key, wire.message)
        return
      case 'status':
        this.setStatus(wire.key, wire.status)
        return
    }
  }

  private open(key: string, spec: ChannelSpec, tab: string) {
    const existing = this.opened.get(key)
    if (existing) {
      existing.tabs.add(tab)
      // A newcomer learns how the channel stands.
      if (tab !== this.tab) this.bus.post({ type: 'status', key, status: existing.status })
      return
    }
    const opened: Opened = { spec, tabs: new Set([tab]), status: 'connecting', close: () => {} }
    this.opened.set(key, opened)
    this.bus.post({ type: 'status', key, status: 'connecting' })
    this.setStatus(key, 'connecting')
    opened.close = this.transport(spec, {
      message: (message) => {
        if (this.opened.get(key) !== opened) return
        this.bus.post({ type: 'message', key, message })
        this.deliver(key, message)
      },
      status: (status) => {
        if (this.opened.get(key) !== opened || opened.status === status) return
        opened.status = status
        this.bus.post({ type: 'status', key, status })
        this.setStatus(key, status)
      },
    })
  }

  private release(key: string, tab: string) {
    const opened = this.opened.get(key)
    if (!opened || !opened.tabs.delete(tab) || opened.tabs.size > 0) return
    this.opened.delete(key)
    opened.close()
  }

  private deliver(key: string, message: ChannelMessage) {
    for (const listener of this.local.get(key)?.listeners ?? []) listener.message(message)
  }

  private setStatus(key: string, status: LiveStatus) {
    const entry = this.local.get(key)
    if (!entry || entry.status === status) return
    const rejoined = status === 'live' && entry.settled
    if (status !== 'connecting') entry.settled = true
    entry.status = status
    for (const listener of entry.listeners) listener.status(status, rejoined)
  }
}
