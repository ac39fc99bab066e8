// The hubs behind ./index, one per signed-in user in this tab, loaded with the first subscription: the hub, the leader
// election and the Realtime transport are not part of a page's first load.
import { electLeader } from './leader'
import { realtimeTransport } from './realtime-transport'
import {
  SharedHub,
  type ChannelListener,
  type ChannelMessage,
  type ChannelSpec,
  type TabBus,
  type Wire,
} from './shared-hub'

const hubs = new Map<string, SharedHub>()

function broadcastBus(name: string): TabBus {
  const channel = new BroadcastChannel(name)
  return {
    post: (wire) => channel.postMessage(wire),
    listen: (handler) => {
      const onMessage = (event: MessageEvent<Wire>) => handler(event.data)
      channel.addEventListener('message', onMessage)
      return () => {
        channel.removeEventListener('message', onMessage)
        channel.close()
      }
    },
  }
}

const lonelyBus: TabBus = { post: () => {}, listen: () => () => {} }

function hubFor(userId: string): SharedHub {
  let hub = hubs.get(userId)
  if (hub) return hub
  const name = `summit-realtime:${userId}`
  const shared = typeof BroadcastChannel === 'function'
  const created = new SharedHub(crypto.randomUUID(), shared ? broadcastBus(name) : lonelyBus, realtimeTransport)
  let resign = () => {}
  if (shared) resign = electLeader(name, () => created.lead())
  else created.lead()
  // Leaving for good: the other tabs drop this tab's channels, and the next in line takes the socket over. (A page
  // kept in the back-forward cache stays as it is.)
  window.addEventListener('pagehide', (event) => {
    if (event.persisted) return
    created.dispose()
    resign()
    hubs.delete(userId)
  })
  hubs.set(userId, created)
  hub = created
  return hub
}

/** Listens on the user's shared channel `spec`; returns the way to stop (a React effect's cleanup). */
export function subscribeShared(userId: string, spec: ChannelSpec, listener: ChannelListener): () => void {
  return hubFor(userId).subscribe(spec, listener)
}

/** Tells the user's other tabs something this tab knows first (its own saves), as if it came over `spec`. */
export function shareWithTabs(userId: string, spec: ChannelSpec, message: ChannelMessage): void {
  hubs.get(userId)?.share(spec, message)
}
