// What every offline outbox shares, as pure functions: which failures mean "not reachable, keep it", how long to wait
// before the next try, and how a queue of entries is kept per user in localStorage (synchronous, so a write queued
// just before the tab closes is not lost). Each outbox brings its own entry shape (see OutboxKind).

/** The entry shape of one outbox: where it is stored, how entries are read back, merged and compared. */
export interface OutboxKind<Entry> {
  /** The localStorage key of a user's queue. */
  storageKey: (userId: string) => string
  /** Whether a stored value is an entry (anything else, from another version or hand-edited, is dropped). */
  isEntry: (value: unknown) => value is Entry
  /** Folds a new write into the queue (for instance one entry per lesson, the newest winning). */
  enqueue: (queue: Entry[], entry: Entry) => Entry[]
  /** Whether two entries are the same write (a sent entry is removed only if a newer one has not replaced it). */
  same: (a: Entry, b: Entry) => boolean
}

// Which failures mean "not reachable, keep it" is the connection's rule, shared with the app's offline status.
export { isUnreachable } from '@/lib/connection/unreachable'

/** 2 s, 4 s, 8 s … up to a minute between tries; `online` and a visible tab try at once anyway. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt))
}

/** Removes an entry once sent, unless a newer write replaced it meanwhile. */
export function removeSentEntry<Entry>(kind: OutboxKind<Entry>, queue: Entry[], sent: Entry): Entry[] {
  return queue.filter((entry) => !kind.same(entry, sent))
}

/** The user's queue as stored; anything unreadable is dropped, never thrown. */
export function readStoredQueue<Entry>(
  kind: OutboxKind<Entry>,
  userId: string,
  storage: Storage | undefined = globalThis.localStorage,
): Entry[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(kind.storageKey(userId)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(kind.isEntry) : []
  } catch {
    return []
  }
}

export function writeStoredQueue<Entry>(
  kind: OutboxKind<Entry>,
  userId: string,
  queue: Entry[],
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (queue.length === 0) storage?.removeItem(kind.storageKey(userId))
    else storage?.setItem(kind.storageKey(userId), JSON.stringify(queue))
  } catch {
    // Storage full or disabled: the write stays queued in memory for this visit.
  }
}
