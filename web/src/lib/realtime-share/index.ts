// Channels shared by the signed-in user's tabs (see ./shared-hub): one hub per user and tab, talking to the user's
// other tabs over the BroadcastChannel `summit-realtime:<user_id>`, the leader chosen by the Web Lock of the same name.
// Only the leader loads realtime-js and holds a socket, so a learner with five tabs open counts as one connected
// user of the Realtime tenant, not five. Without BroadcastChannel every tab leads on its own.
import { loadOnce } from '@/lib/load-once'
import type { ChannelListener, ChannelMessage, ChannelSpec } from './shared-hub'

export type { ChannelMessage, ChannelSpec, LiveStatus } from './shared-hub'

/** The user's private channel (readable by them alone, written only by the database): sessions, progress, access. */
export const accountChannel = (userId: string): ChannelSpec => ({ topic: `account:${userId}`, private: true })

// The hub's code loads with the first subscription (after the page has rendered: subscriptions start in effects).
const loadHubs = loadOnce(() => import('./hubs'))
let hubs: Awaited<ReturnType<typeof loadHubs>> | undefined

/** Listens on the user's shared channel `spec`; returns the way to stop (a React effect's cleanup). */
export function subscribeShared(userId: string, spec: ChannelSpec, listener: ChannelListener): () => void {
  if (hubs) return hubs.subscribeShared(userId, spec, listener)
  let stop: (() => void) | undefined
  let stopped = false
  const subscribe = () =>
    loadHubs().then(
      (loaded) => {
        hubs = loaded
        if (!stopped) stop = loaded.subscribeShared(userId, spec, listener)
      },
      // Offline before the code arrived: the channel is paused, and tried again once the browser is back online.
      () => {
        if (stopped) return
        listener.status('paused', false)
        window.addEventListener('online', () => void subscribe(), { once: true })
      },
    )
  void subscribe()
  return () => {
    stopped = true
    stop?.()
  }
}

/** Tells the user's other tabs something this tab knows first (its own saves), as if it came over `spec`. */
export function shareWithTabs(userId: string, spec: ChannelSpec, message: ChannelMessage): void {
  // Until this tab's first subscription has its hub there is nothing to share through; the other tabs still get the
  // database's own broadcast of the save.
  hubs?.shareWithTabs(userId, spec, message)
}
