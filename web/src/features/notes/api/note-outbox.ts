// The notes' outbox: the shared outbox (lib/outbox) with notes, wired to Supabase as the player's progress and the
// quiz's answers are. `sendOrQueueNote` is how a new note goes out: one the API cannot receive waits on this device
// (with the id drawn for it, so a second send cannot write it twice) and is sent when the connection returns.
import { useSyncExternalStore } from 'react'
import { readDraft, writeDraft } from '@/lib/drafts'
import { currentUserId, followBrowser } from '@/lib/outbox/follow-browser'
import { Outbox, type OutboxState } from '@/lib/outbox/outbox'
import { isUnreachable } from '@/lib/outbox/outbox-queue'
import { supabase } from '@/lib/supabase'
import { noteDraftKey, noteQueueKind, type QueuedNote } from '../lib/note-queue'
import { createNote, type NoteRow } from './notes.api'

const syncedListeners = new Set<(note: NoteRow) => void>()
const refusedListeners = new Set<(entry: QueuedNote, error: unknown) => void>()

const send = (entry: QueuedNote) =>
  createNote(supabase, { id: entry.id, lessonId: entry.lesson_id, atS: entry.at_s, body: entry.body })

/** A refused note's text goes back into its lesson's box (after anything typed there since), open or not. */
function keepAsDraft(userId: string, entry: QueuedNote) {
  const key = noteDraftKey(userId, entry.lesson_id)
  const typed = readDraft(key)
  writeDraft(key, typed.trim() ? `${typed}\n\n${entry.body}` : entry.body)
}

export const noteOutbox = new Outbox<QueuedNote, NoteRow>(noteQueueKind, {
  send,
  onSynced: (note) => syncedListeners.forEach((listener) => listener(note)),
  onRefused: (entry, error) => {
    const userId = noteOutbox.getState().userId
    if (userId) keepAsDraft(userId, entry)
    refusedListeners.forEach((listener) => listener(entry, error))
  },
})

let started = false

/** Starts following the session and the connection; idempotent, a no-op outside a browser. */
export function startNoteOutbox(): void {
  if (started || typeof window === 'undefined') return
  started = true
  followBrowser(noteOutbox)
}

/** A waiting note reached the database (the lists refresh). */
export function onNoteSynced(listener: (note: NoteRow) => void): () => void {
  syncedListeners.add(listener)
  return () => syncedListeners.delete(listener)
}

/** A waiting note the database refused when it was sent (the enrollment ended meanwhile, say). */
export function onNoteRefused(listener: (entry: QueuedNote, error: unknown) => void): () => void {
  refusedListeners.add(listener)
  return () => refusedListeners.delete(listener)
}

/** Sends a new note, or keeps it on this device when the API is unreachable: 'queued' means it waits here. */
export async function sendOrQueueNote(entry: QueuedNote): Promise<{ saved: NoteRow } | 'queued'> {
  startNoteOutbox()
  const userId = await currentUserId()
  try {
    return { saved: await send(entry) }
  } catch (error) {
    if (!userId || !isUnreachable(error)) throw error
    noteOutbox.add(userId, entry)
    return 'queued'
  }
}

export function useNoteOutbox(): OutboxState<QueuedNote> {
  startNoteOutbox()
  return useSyncExternalStore(noteOutbox.subscribe, noteOutbox.getState, noteOutbox.getState)
}
