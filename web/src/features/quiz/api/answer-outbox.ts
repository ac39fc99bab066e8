// The quiz's answer outbox: the shared outbox (lib/outbox) with quiz answers, wired to Supabase as the player's
// progress outbox is. `sendOrQueueAnswer` is how every answer goes out: one the API cannot receive waits on this
// device and is sent when the connection returns; `drainAttempt` is what a submit waits for.
import { useSyncExternalStore } from 'react'
import { currentUserId, followBrowser, leaving } from '@/lib/outbox/follow-browser'
import { Outbox, type OutboxState } from '@/lib/outbox/outbox'
import { isUnreachable } from '@/lib/outbox/outbox-queue'
import { supabase } from '@/lib/supabase'
import { answerQueueKind, type QueuedAnswer } from '../lib/answer-queue'
import { saveQuizAnswer } from './quiz.api'

const refusedListeners = new Set<(entry: QueuedAnswer, error: unknown) => void>()

export const answerOutbox = new Outbox<QueuedAnswer, { saved_at: string }>(answerQueueKind, {
  send: (entry) =>
    saveQuizAnswer(supabase, { attemptId: entry.attempt_id, questionId: entry.question_id, answer: entry.answer }),
  onRefused: (entry, error) => refusedListeners.forEach((listener) => listener(entry, error)),
})

let started = false

/** Starts following the session and the connection; idempotent, a no-op outside a browser. */
export function startAnswerOutbox(): void {
  if (started || typeof window === 'undefined') return
  started = true
  followBrowser(answerOutbox)
}

/** A queued answer the server refused later (the attempt closed meanwhile): the attempt's screen reads its state. */
export function onAnswerRefused(listener: (entry: QueuedAnswer, error: unknown) => void): () => void {
  refusedListeners.add(listener)
  return () => refusedListeners.delete(listener)
}

function waits(attemptId: string): boolean {
  return answerOutbox.getState().queue.some((entry) => entry.attempt_id === attemptId)
}

/** Sends an answer, or keeps it on the device when the API is unreachable. 'queued' means it waits here. */
export async function sendOrQueueAnswer(entry: QueuedAnswer): Promise<'saved' | 'queued'> {
  startAnswerOutbox()
  const userId = await currentUserId()
  // While answers of this attempt wait, a new one joins them, so an older answer cannot arrive after it.
  if (userId && answerOutbox.getState().userId === userId && waits(entry.attempt_id)) {
    answerOutbox.add(userId, entry)
    if (!leaving()) await answerOutbox.flush()
    return waits(entry.attempt_id) ? 'queued' : 'saved'
  }
  try {
    await saveQuizAnswer(supabase, { attemptId: entry.attempt_id, questionId: entry.question_id, answer: entry.answer })
    return 'saved'
  } catch (error) {
    if (!userId || !isUnreachable(error)) throw error
    answerOutbox.add(userId, entry)
    return 'queued'
  }
}

/** Resolves once no answer of the attempt waits on this device (tries to send them at once). */
export function drainAttempt(attemptId: string): Promise<void> {
  startAnswerOutbox()
  if (!waits(attemptId)) return Promise.resolve()
  void answerOutbox.retryNow()
  return new Promise((resolve) => {
    const stop = answerOutbox.subscribe(() => {
      if (waits(attemptId)) return
      stop()
      resolve()
    })
  })
}

export function useAnswerOutbox(): OutboxState<QueuedAnswer> {
  startAnswerOutbox()
  return useSyncExternalStore(answerOutbox.subscribe, answerOutbox.getState, answerOutbox.getState)
}
