// The offline queue of progress writes, as pure functions: which failures mean "not reachable, keep it", how writes
// to the same lesson merge while they wait, how long to wait before the next try, and how the queue is kept per user
// in localStorage (synchronous, so a write queued just before the tab closes is not lost).

/** One lesson's pending write: what save_progress will receive when the connection returns. */
export interface QueuedSave {
  lesson_id: string
  position_s: number
  watched_s: number
  /** true ticks, false unticks, null leaves the status to the server's completion rule. */
  completed: boolean | null
  /** When the device observed this state; the server keeps a newer position than this (last write wins). */
  observed_at: string
}

export type ProgressQueue = QueuedSave[]

/** Folds a new write into the queue: one entry per lesson, the newest position, the most seconds, the last tick. */
export function enqueueSave(queue: ProgressQueue, save: QueuedSave): ProgressQueue {
  const index = queue.findIndex((entry) => entry.lesson_id === save.lesson_id)
  if (index === -1) return [...queue, save]
  const previous = queue[index] as QueuedSave
  const newer = save.observed_at >= previous.observed_at
  const merged: QueuedSave = {
    lesson_id: save.lesson_id,
    position_s: newer ? save.position_s : previous.position_s,
    observed_at: newer ? save.observed_at : previous.observed_at,
    watched_s: Math.max(previous.watched_s, save.watched_s),
    // A position save says nothing about the tick; the learner's latest tick or untick stands.
    completed: save.completed ?? previous.completed,
  }
  return queue.map((entry, i) => (i === index ? merged : entry))
}

/** Removes an entry once sent, unless a newer write for the lesson replaced it meanwhile. */
export function removeSent(queue: ProgressQueue, sent: QueuedSave): ProgressQueue {
  return queue.filter((entry) => !sameSave(entry, sent))
}

function sameSave(a: QueuedSave, b: QueuedSave) {
  return (
    a.lesson_id === b.lesson_id &&
    a.position_s === b.position_s &&
    a.watched_s === b.watched_s &&
    a.completed === b.completed &&
    a.observed_at === b.observed_at
  )
}

/** 2 s, 4 s, 8 s … up to a minute between tries; `online` and a visible tab try at once anyway. */
export function retryDelayMs(attempt: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt))
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Whether a failed write should wait in the queue: the request never got an answer (fetch rejected: offline, DNS,
 * connection refused or reset) or the gateway answered that the API is away (502, 503, 504). Anything else is the
 * server's answer (not enrolled, lesson locked, signed out) and would be refused again.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true
  if (!isRecord(error)) return false
  // postgrest-js turns a rejected fetch into { message: "TypeError: Failed to fetch", code: "" }.
  if (typeof error.message === 'string' && /^(TypeError|FetchError|AbortError): /.test(error.message)) return true
  const status = typeof error.status === 'number' ? error.status : undefined
  return status === 0 || status === 502 || status === 503 || status === 504
}

export function queueStorageKey(userId: string): string {
  return `summit:progress-queue:${userId}`
}

function isQueuedSave(value: unknown): value is QueuedSave {
  return (
    isRecord(value) &&
    typeof value.lesson_id === 'string' &&
    Number.isInteger(value.position_s) &&
    Number.isInteger(value.watched_s) &&
    (value.completed === null || typeof value.completed === 'boolean') &&
    typeof value.observed_at === 'string'
  )
}

/** The user's queue as stored; anything unreadable (another version, hand-edited) is dropped, never thrown. */
export function readQueue(userId: string, storage: Storage | undefined = globalThis.localStorage): ProgressQueue {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(queueStorageKey(userId)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isQueuedSave) : []
  } catch {
    return []
  }
}

export function writeQueue(
  userId: string,
  queue: ProgressQueue,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  try {
    if (queue.length === 0) storage?.removeItem(queueStorageKey(userId))
    else storage?.setItem(queueStorageKey(userId), JSON.stringify(queue))
  } catch {
    // Storage full or disabled: the write stays queued in memory for this visit.
  }
}
