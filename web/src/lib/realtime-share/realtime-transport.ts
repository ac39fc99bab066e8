// The leader tab's side of a shared channel: a realtime-js channel (through openChannel, so realtime-js loads only in
// the tab that leads) whose broadcasts and postgres changes are handed to the hub, with its state as a LiveStatus.
// A channel the server closes (Realtime shuts channels while the tenant is over its limits) is opened again after a
// pause; a refused or failed join is retried by realtime-js itself. A channel that drops asks the reachability store
// to check the API at once: on an idle page a dropped socket is the first sign the API is gone, and the app shell's
// offline status should say so without waiting for a request to fail.
import { reachability } from '../connection'
import { openChannel, type RealtimeChannel } from '../realtime'
import type { ChannelMessage, ChannelSpec, LiveStatus, Transport } from './shared-hub'

const REOPEN_AFTER_MS = [5_000, 15_000, 30_000, 60_000]

export const realtimeTransport: Transport = (spec, handlers) => {
  let closed = false
  // Each opening has its own number: the CLOSED a channel reports when we remove it ourselves is not news.
  let generation = 0
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let close = () => {}

  const start = () => {
    const mine = ++generation
    const status = (state: LiveStatus | 'closed') => {
      if (mine === generation) onStatus(state)
    }
    close = openChannel(spec.topic, (channel) => listen(channel, spec, handlers.message, status), {
      config: { private: spec.private === true },
    })
  }
  const onStatus = (status: LiveStatus | 'closed') => {
    if (closed) return
    if (status === 'live') attempt = 0
    else if (status !== 'connecting') void reachability.check()
    if (status !== 'closed') return handlers.status(status)
    handlers.status('paused')
    generation++
    close()
    clearTimeout(timer)
    timer = setTimeout(start, REOPEN_AFTER_MS[Math.min(attempt++, REOPEN_AFTER_MS.length - 1)])
  }
  start()
  return () => {
    closed = true
    generation++
    clearTimeout(timer)
    close()
  }
}

function listen(
  channel: RealtimeChannel,
  spec: ChannelSpec,
  message: (message: ChannelMessage) => void,
  status: (status: LiveStatus | 'closed') => void,
) {
  channel.on('broadcast', { event: '*' }, (received: { event: string; payload?: unknown }) =>
    message({ kind: 'broadcast', event: received.event, payload: received.payload }),
  )
  const changes = spec.changes ?? []
  for (const filter of changes) {
    channel.on('postgres_changes', filter, (payload) =>
      message({ kind: 'postgres_changes', event: payload.eventType, payload }),
    )
  }
  // With postgres_changes the channel is live once Realtime says the database subscription is ok (which comes after
  // the join); without, once joined.
  if (changes.length > 0) {
    channel.on('system', {}, (payload: { extension?: string; status?: string }) => {
      if (payload.extension === 'postgres_changes') status(payload.status === 'ok' ? 'live' : 'paused')
    })
  }
  channel.subscribe((state) => {
    if (state === 'SUBSCRIBED') {
      if (changes.length === 0) status('live')
    } else if (state === 'CLOSED') status('closed')
    else status('paused')
  })
}
