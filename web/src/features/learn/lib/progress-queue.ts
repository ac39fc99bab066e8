// The offline queue of progress writes, as pure functions: which failures mean "not reachable, keep it", how writes
// to the same lesson merge while they wait, how long to wait before the next try, and how the queue is kept per user
// in localStorage (synchronous, so a write queued just before the tab closes is not lost): the shared outbox's
// (lib/outbox) rules, with progress's own entry shape.
import {
  isUnreachable,
  readStoredQueue,
  removeSentEntry,
  retryDelayMs,
  writeStoredQueue,
  type OutboxKind,
} from '@/lib/outbox/outbox-queue'

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
  return removeSentEntry(progressQueueKind, queue, sent)
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

export { isUnreachable, retryDelayMs }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
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

/** The progress outbox's entries, for the shared outbox (lib/outbox). */
export const progressQueueKind: OutboxKind<QueuedSave> = {
  storageKey: queueStorageKey,
  isEntry: isQueuedSave,
  enqueue: enqueueSave,
  same: sameSave,
}

/** The user's queue as stored; anything unreadable (another version, hand-edited) is dropped, never thrown. */
export function readQueue(userId: string, storage: Storage | undefined = globalThis.localStorage): ProgressQueue {
  return readStoredQueue(progressQueueKind, userId, storage)
}

export function writeQueue(
  userId: string,
  queue: ProgressQueue,
  storage: Storage | undefined = globalThis.localStorage,
): void {
  writeStoredQueue(progressQueueKind, userId, queue, storage)
}
