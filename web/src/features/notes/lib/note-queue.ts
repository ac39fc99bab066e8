// Notes written while the API was unreachable, waiting on the device (the shared outbox's entry shape, lib/outbox).
// Each carries the id the device drew for it, so a note sent twice (the first answer lost) is written once; the queue
// keeps them in the order they were written, and a note already queued is not queued again.
import type { OutboxKind } from '@/lib/outbox/outbox-queue'

export interface QueuedNote {
  id: string
  lesson_id: string
  at_s: number | null
  body: string
  /** When the learner saved it, to show and to order the waiting notes. */
  written_at: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isQueuedNote(value: unknown): value is QueuedNote {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.lesson_id === 'string' &&
    typeof value.body === 'string' &&
    typeof value.written_at === 'string' &&
    (value.at_s === null || (typeof value.at_s === 'number' && Number.isInteger(value.at_s)))
  )
}

export function enqueueNote(queue: QueuedNote[], entry: QueuedNote): QueuedNote[] {
  return queue.some((queued) => queued.id === entry.id) ? queue : [...queue, entry]
}

export const noteQueueKind: OutboxKind<QueuedNote> = {
  storageKey: (userId) => `summit:notes:${userId}`,
  isEntry: isQueuedNote,
  enqueue: enqueueNote,
  same: (a, b) => a.id === b.id,
}

/** Where the "New note" box of a lesson keeps what is typed (lib/drafts). */
export function noteDraftKey(userId: string, lessonId: string): string {
  return `note:${userId}:${lessonId}`
}

/** The notes of one lesson still waiting on this device, oldest first. */
export function waitingNotes(queue: QueuedNote[], lessonId: string): QueuedNote[] {
  return queue.filter((note) => note.lesson_id === lessonId)
}
