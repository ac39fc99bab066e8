// Keeps an outbox going in the browser: it follows the signed-in user and tries again when the connection comes back
// or the tab becomes visible with writes waiting. `leaving()` says whether the page is being left (between pagehide
// and a pageshow from the back-forward cache): a request started then is cut off, its outcome never known.
import { supabase } from '@/lib/supabase'
import type { Outbox } from './outbox'

let leavingPage = false
let watchingPage = false

export function leaving(): boolean {
  return leavingPage
}

/** Starts following the session and the connection for this outbox; call once per outbox, in a browser. */
export function followBrowser<Entry, Result>(outbox: Outbox<Entry, Result>): void {
  if (typeof window === 'undefined') return
  supabase.auth.onAuthStateChange((_event, session) => {
    // Deferred: supabase-js holds its auth lock while this callback runs, and sending a write needs the session.
    const userId = session?.user.id ?? null
    setTimeout(() => outbox.setUser(userId), 0)
  })
  window.addEventListener('online', () => void outbox.retryNow())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && outbox.getState().queue.length > 0) void outbox.retryNow()
  })
  if (watchingPage) return
  watchingPage = true
  window.addEventListener('pagehide', () => {
    leavingPage = true
  })
  window.addEventListener('pageshow', () => {
    leavingPage = false
  })
}

/** The signed-in user's id as supabase-js holds it (no request). */
export async function currentUserId(): Promise<string | null> {
  const { data } = await supabase.auth.getSession()
  return data.session?.user.id ?? null
}
