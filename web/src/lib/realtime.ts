// Realtime channels, loaded on first use. The app's Supabase client (./supabase) has no Realtime: realtime-js and
// its socket cost every visitor's first load, while only a signed-in learner with the player or a course page open
// (or the studio) listens for anything. Open every channel through `openChannel`: it loads realtime-js once,
// connects with the signed-in user's token (kept current as Auth refreshes it) and hands back a close function that
// works whether or not the channel had opened yet, which is what a React effect's cleanup needs:
//
//   useEffect(() => openChannel(`progress:${userId}`, (channel) => channel.on(...).subscribe()), [userId])
import type { RealtimeChannel, RealtimeChannelOptions, RealtimeClient } from '@supabase/realtime-js'
import { getAccessToken, supabase, supabasePublishableKey, supabaseUrl } from './supabase'

export type { RealtimeChannel }

let client: Promise<RealtimeClient> | null = null

function realtimeClient(): Promise<RealtimeClient> {
  client ??= import('@supabase/realtime-js').then(async ({ RealtimeClient }) => {
    const url = new URL('realtime/v1', supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`)
    url.protocol = url.protocol.replace('http', 'ws')
    const realtime = new RealtimeClient(url.href, {
      params: { apikey: supabasePublishableKey },
      // Asked on every join and heartbeat: a visitor joins with the key, a user with their current token.
      accessToken: async () => (await getAccessToken()) ?? supabasePublishableKey,
    })
    // The token first, before any channel joins: a join without one is a visitor's, whose postgres_changes the
    // server refuses under RLS (a later token does not make it subscribe again).
    await realtime.setAuth()
    // As supabase-js does: a new or refreshed token reaches the open channels at once, a sign-out drops it (to the
    // key, given here rather than asked for: Auth calls this while it holds its lock).
    supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') void realtime.setAuth(supabasePublishableKey)
      else if (session) void realtime.setAuth(session.access_token)
    })
    return realtime
  })
  return client
}

/**
 * Creates the channel `name`, lets `setup` add its listeners and subscribe, and returns a function that removes it.
 * Each call gets its own channel: give concurrent subscribers distinct names (two on one topic would share one, and
 * the first to close would close it for the other).
 */
export function openChannel(
  name: string,
  setup: (channel: RealtimeChannel) => void,
  options?: RealtimeChannelOptions,
): () => void {
  let closed = false
  let opened: { realtime: RealtimeClient; channel: RealtimeChannel } | null = null
  void realtimeClient().then((realtime) => {
    if (closed) return
    const channel = realtime.channel(name, options)
    opened = { realtime, channel }
    setup(channel)
  })
  return () => {
    closed = true
    if (opened) void opened.realtime.removeChannel(opened.channel)
  }
}
