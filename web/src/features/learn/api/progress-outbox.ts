// The app's one progress outbox (lib/progress-outbox) wired to Supabase: it follows the signed-in user, tries again
// when the browser is back online or the tab visible, and `sendOrQueue` is how every progress write goes out, so a
// write made while the API is unreachable waits on this device instead of failing.
import { useSyncExternalStore } from 'react'
import { noteWriteForEarlyAnswers } from '@/lib/early-requests'
import { currentUserId, followBrowser, leaving } from '@/lib/outbox/follow-browser'
import { supabase } from '@/lib/supabase'
import { ProgressOutbox, type OutboxState } from '../lib/progress-outbox'
import { isUnreachable, type QueuedSave } from '../lib/progress-queue'
import type { SaveProgressInput, SaveProgressResult } from '../schemas/progress.schema'
import { saveProgress } from './progress.api'

const syncedListeners = new Set<(result: SaveProgressResult) => void>()
const refusedListeners = new Set<(save: QueuedSave, error: unknown) => void>()

export const progressOutbox = new ProgressOutbox<SaveProgressResult>({
  send: (save) => saveProgress(supabase, save),
  onSynced: (result) => {
    noteWriteForEarlyAnswers()
    syncedListeners.forEach((listener) => listener(result))
  },
  onRefused: (save, error) => refusedListeners.forEach((listener) => listener(save, error)),
})

let started = false

/** Starts following the session and the connection; idempotent, a no-op outside a browser. */
export function startProgressOutbox(): void {
  if (started || typeof window === 'undefined') return
  started = true
  followBrowser(progressOutbox)
}

export function onOutboxSynced(listener: (result: SaveProgressResult) => void): () => void {
  syncedListeners.add(listener)
  return () => syncedListeners.delete(listener)
}

export function onOutboxRefused(listener: (save: QueuedSave, error: unknown) => void): () => void {
  refusedListeners.add(listener)
  return () => refusedListeners.delete(listener)
}

/**
 * Sends a progress write, or keeps it in the outbox when the API cannot be reached. Resolves to the server's answer,
 * or null when the write waits on this device (then it is sent later and reported through onOutboxSynced).
 */
export async function sendOrQueue(input: SaveProgressInput): Promise<SaveProgressResult | null> {
  startProgressOutbox()
  const userId = await currentUserId()
  const queued: QueuedSave = {
    lesson_id: input.lesson_id,
    position_s: input.position_s,
    watched_s: input.watched_s,
    completed: input.completed ?? null,
    // Dated now when the caller did not date it: sent late, it must not move a resume point saved since.
    observed_at: input.observed_at ?? new Date().toISOString(),
  }
  // Writes for a lesson that already waits join the queue behind it, so a later untick cannot arrive before a tick.
  if (userId && progressOutbox.getState().userId === userId && progressOutbox.pending(input.lesson_id)) {
    progressOutbox.add(userId, queued)
    if (!leaving()) await progressOutbox.flush()
    return null
  }
  try {
    return await saveProgress(supabase, input)
  } catch (error) {
    if (!userId || !isUnreachable(error)) throw error
    progressOutbox.add(userId, queued)
    return null
  }
}

export function useOutboxState(): OutboxState {
  startProgressOutbox()
  return useSyncExternalStore(progressOutbox.subscribe, progressOutbox.getState, progressOutbox.getState)
}
