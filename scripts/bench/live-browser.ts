// One learner's browser in the live-sync benchmark, as the app has it: `tabs` tabs, each with the app's SharedHub
// (web/src/lib/realtime-share/shared-hub.ts), talking over a real BroadcastChannel; the first tab leads and holds the
// browser's only Realtime socket (a realtime-js RealtimeClient), joined to the learner's private channel
// account:<user_id>. Each tab keeps the lesson's progress as the player's cache would: the newest state it has heard
// of, from the database's broadcasts relayed by the leader or from the saving tab's own answers (shared with the
// others at once, as the app shares them). Counts sockets and joins refused and channels closed by the server.
import { RealtimeClient } from '@supabase/realtime-js'
import path from 'node:path'
import WebSocket from 'ws'
import { anonKey } from '../local-stack/keys/index.ts'
import { pathToFileURL } from 'node:url'
import { repoRoot } from '../local-stack/paths.ts'

// The app's own relay logic, loaded from the web workspace at run time (it imports nothing); the types below are the
// part of it used here.
type LiveStatus = 'connecting' | 'live' | 'paused'
interface ChannelSpec {
  topic: string
  private?: boolean
}
interface ChannelMessage {
  kind: 'broadcast' | 'postgres_changes'
  event: string
  payload: unknown
}
interface TabBus {
  post(wire: unknown): void
  listen(handler: (wire: unknown) => void): () => void
}
type Transport = (
  spec: ChannelSpec,
  handlers: { message(message: ChannelMessage): void; status(status: LiveStatus): void },
) => () => void
interface Hub {
  lead(): void
  subscribe(
    spec: ChannelSpec,
    listener: { message(message: ChannelMessage): void; status(status: LiveStatus): void },
  ): () => void
  share(spec: ChannelSpec, message: ChannelMessage): void
  dispose(): void
}
const { SharedHub } = (await import(
  pathToFileURL(path.join(repoRoot, 'web/src/lib/realtime-share/shared-hub.ts')).href
)) as { SharedHub: new (tab: string, bus: TabBus, transport: Transport) => Hub }

export interface Progress {
  position_s: number
  updated_at: string
}

export interface BrowserCounts {
  /** Socket upgrades answered 429 (the tenant's concurrent users or joins). */
  socketsRefused: number
  /** Channel joins refused (ConnectionRateLimitReached and the like) or timed out. */
  joinsRefused: number
  /** Progress broadcasts from the database that reached the leader tab. */
  broadcastsReceived: number
  /** Times the channel was shut by the server ("Too many messages per second") or closed. */
  channelsClosed: number
}

/** Hears of each tab's progress as it changes; `via` says whether it came over Realtime or from the saving tab. */
export type ProgressObserver = (tab: number, progress: Progress, via: 'realtime' | 'tab') => void

type Bus = TabBus & { close(): void }

function bus(name: string): Bus {
  const channel = new BroadcastChannel(name)
  return {
    post: (wire) => channel.postMessage(wire),
    listen: (handler) => {
      const onMessage = (event: Event) => handler((event as Event & { data: unknown }).data)
      channel.addEventListener('message', onMessage)
      return () => channel.removeEventListener('message', onMessage)
    },
    close: () => channel.close(),
  }
}

function transport(client: RealtimeClient, counts: BrowserCounts): Transport {
  return (spec, handlers) => {
    const channel = client.channel(spec.topic, { config: { private: spec.private === true } })
    channel.on('broadcast', { event: '*' }, (message: { event: string; payload?: unknown }) => {
      if (message.event === 'progress') counts.broadcastsReceived++
      handlers.message({ kind: 'broadcast', event: message.event, payload: message.payload })
    })
    channel.subscribe((state) => {
      if (state === 'SUBSCRIBED') return handlers.status('live')
      if (state === 'CLOSED') counts.channelsClosed++
      else counts.joinsRefused++
      handlers.status('paused')
    })
    return () => void client.removeChannel(channel)
  }
}

export class Browser {
  readonly counts: BrowserCounts = { socketsRefused: 0, joinsRefused: 0, broadcastsReceived: 0, channelsClosed: 0 }
  readonly status: LiveStatus[] = []
  readonly progress: (Progress | null)[] = []
  private readonly client: RealtimeClient
  private readonly hubs: Hub[] = []
  private readonly buses: Bus[] = []
  private readonly spec: ChannelSpec

  constructor(
    realtimeUrl: string,
    readonly userId: string,
    private readonly token: string,
    tabs: number,
    private readonly observe: ProgressObserver,
    private readonly onBroadcast: (progress: Progress) => void = () => {},
  ) {
    const counts = this.counts
    // Counts 429 answers to the upgrade (realtime-js retries on its own, with back-off).
    class CountingSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols)
        this.on('error', (error: Error) => {
          if (/\b429\b/.test(error.message)) counts.socketsRefused++
        })
      }
    }
    this.client = new RealtimeClient(realtimeUrl, {
      params: { apikey: anonKey },
      // The cast: ws's constructor overloads do not line up with realtime-js's WebSocketLikeConstructor type.
      transport: CountingSocket as never,
      accessToken: async () => token,
    })
    this.spec = { topic: `account:${userId}`, private: true }
    for (let tab = 0; tab < tabs; tab++) {
      const tabBus = bus(`summit-live-bench:${userId}`)
      this.buses.push(tabBus)
      this.hubs.push(new SharedHub(`tab-${tab}`, tabBus, transport(this.client, counts)))
      this.status.push('connecting')
      this.progress.push(null)
    }
  }

  /** Signs the socket in, lets the first tab lead (the Web Lock's choice in the app), and has every tab listen. */
  async open(): Promise<void> {
    await this.client.setAuth(this.token)
    this.hubs[0]!.lead()
    this.hubs.forEach((hub, tab) =>
      hub.subscribe(this.spec, {
        status: (status) => {
          this.status[tab] = status
        },
        message: (message) => {
          if (message.kind !== 'broadcast' || message.event !== 'progress') return
          const payload = message.payload as Progress & { course_id?: string }
          // The database's broadcasts carry the course; a tab's shared save does not.
          const via = payload.course_id ? 'realtime' : 'tab'
          if (via === 'realtime' && tab === 0) this.onBroadcast(payload)
          this.apply(tab, payload, via)
        },
      }),
    )
  }

  /** The saving tab (0) got its save's answer: it draws it and tells the other tabs, as the player does. */
  saved(progress: Progress): void {
    this.apply(0, progress, 'tab')
    this.hubs[0]!.share(this.spec, { kind: 'broadcast', event: 'progress', payload: progress })
  }

  private apply(tab: number, progress: Progress, via: 'realtime' | 'tab') {
    const current = this.progress[tab]
    if (current && current.updated_at >= progress.updated_at) return
    this.progress[tab] = { position_s: progress.position_s, updated_at: progress.updated_at }
    this.observe(tab, progress, via)
  }

  close(): void {
    for (const hub of this.hubs) hub.dispose()
    for (const tabBus of this.buses) tabBus.close()
    this.client.disconnect()
  }
}
