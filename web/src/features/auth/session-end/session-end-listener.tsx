// Signs this tab out at once when its Auth session is ended elsewhere ("Sign out everywhere else" on another
// device, a session ended from the sessions list): the database broadcasts `session_ended` with the session's id on
// the user's private channel account:<user_id>, and the tab whose token belongs to that session signs out locally.
// The app's auth sync then resets the cache and the route guards send it to sign in. A tab that misses the
// broadcast (offline, socket down) is still refused at its next token refresh. Loaded lazily for signed-in users.
// The channel is shared by the browser's tabs (lib/realtime-share): one of them holds the socket for all.
import { useMemo } from 'react'
import { accountChannel } from '@/lib/realtime-share'
import { useSharedChannel } from '@/lib/realtime-share/use-shared-channel'
import { getAccessToken, supabase } from '@/lib/supabase'
import { sessionIdOf } from './session-claims'

export function SessionEndListener({ userId }: { userId: string }) {
  const spec = useMemo(() => accountChannel(userId), [userId])
  const status = useSharedChannel(userId, spec, {
    onMessage: (message) => {
      if (message.kind !== 'broadcast' || message.event !== 'session_ended') return
      const ended = (message.payload as { session_id?: unknown } | null)?.session_id
      void getAccessToken().then((token) => {
        if (typeof ended === 'string' && ended === sessionIdOf(token)) void supabase.auth.signOut({ scope: 'local' })
      })
    },
  })
  // Says whether the channel is joined, for tests and for anyone wondering why a tab stayed signed in.
  return <span hidden data-session-end-listener={status === 'live' ? 'live' : 'off'} />
}
