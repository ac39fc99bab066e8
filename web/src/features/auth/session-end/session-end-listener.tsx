// Signs this tab out at once when its Auth session is ended elsewhere ("Sign out everywhere else" on another
// device, a session ended from the sessions list): the database broadcasts `session_ended` with the session's id on
// the user's private channel account:<user_id>, and the tab whose token belongs to that session signs out locally.
// The app's auth sync then resets the cache and the route guards send it to sign in. A tab that misses the
// broadcast (offline, socket down) is still refused at its next token refresh. Loaded lazily for signed-in users.
import { useEffect, useState } from 'react'
import { openChannel } from '@/lib/realtime'
import { getAccessToken, supabase } from '@/lib/supabase'
import { sessionIdOf } from './session-claims'

export function SessionEndListener({ userId }: { userId: string }) {
  const [live, setLive] = useState(false)
  useEffect(
    () =>
      openChannel(
        `account:${userId}`,
        (channel) =>
          channel
            .on('broadcast', { event: 'session_ended' }, (message: { payload?: { session_id?: unknown } }) => {
              const ended = message.payload?.session_id
              void getAccessToken().then((token) => {
                if (typeof ended === 'string' && ended === sessionIdOf(token)) {
                  void supabase.auth.signOut({ scope: 'local' })
                }
              })
            })
            .subscribe((state) => setLive(state === 'SUBSCRIBED')),
        { config: { private: true } },
      ),
    [userId],
  )
  // Says whether the channel is joined, for tests and for anyone wondering why a tab stayed signed in.
  return <span hidden data-session-end-listener={live ? 'live' : 'off'} />
}
