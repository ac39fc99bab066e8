// Which tab of the browser holds the Realtime socket: the one holding the Web Lock `name`. The lock is held until the
// tab closes (or gives it up), and the browser then grants it to the next tab waiting, which leads from then on.
// Without Web Locks (old browsers) every tab leads on its own: one socket per tab, as before sharing.

/** The part of the Web Locks API used here (LockManager.request with a signal). */
export interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>
}

/** Calls `onLead` once this tab holds the lock; the returned function gives it up (or stops waiting for it). */
export function electLeader(
  name: string,
  onLead: () => void,
  locks: LockManagerLike | undefined = globalThis.navigator?.locks as LockManagerLike | undefined,
): () => void {
  if (!locks) {
    onLead()
    return () => {}
  }
  const waiting = new AbortController()
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  let leading = false
  // The request rejects with an AbortError when given up while waiting: nothing to do then.
  locks
    .request(name, { signal: waiting.signal }, () => {
      leading = true
      onLead()
      return held
    })
    .catch(() => {})
  return () => {
    if (leading) release()
    else waiting.abort()
  }
}
