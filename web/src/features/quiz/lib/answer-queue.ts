// Quiz answers waiting on the device for the API: the shared outbox's entry shape for them (lib/outbox). One entry per
// question of an attempt; a newer answer replaces an older one (the server keeps the last write too).
import type { OutboxKind } from '@/lib/outbox/outbox-queue'
import type { QuizAnswer } from '../api/quiz.types'

export interface QueuedAnswer {
  attempt_id: string
  question_id: string
  answer: QuizAnswer
  /** When the learner gave this answer, to keep the newest of two. */
  answered_at: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isAnswer(value: unknown): value is QuizAnswer {
  if (!isRecord(value)) return false
  return (
    typeof value.option === 'string' ||
    (Array.isArray(value.options) && value.options.every((id) => typeof id === 'string')) ||
    typeof value.text === 'string' ||
    (typeof value.value === 'number' && Number.isFinite(value.value))
  )
}

function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  return (
    isRecord(value) &&
    typeof value.attempt_id === 'string' &&
    typeof value.question_id === 'string' &&
    typeof value.answered_at === 'string' &&
    isAnswer(value.answer)
  )
}

const sameQuestion = (a: QueuedAnswer, b: QueuedAnswer) =>
  a.attempt_id === b.attempt_id && a.question_id === b.question_id

export function enqueueAnswer(queue: QueuedAnswer[], entry: QueuedAnswer): QueuedAnswer[] {
  const index = queue.findIndex((queued) => sameQuestion(queued, entry))
  if (index === -1) return [...queue, entry]
  const previous = queue[index] as QueuedAnswer
  if (entry.answered_at < previous.answered_at) return queue
  return queue.map((queued, i) => (i === index ? entry : queued))
}

export const answerQueueKind: OutboxKind<QueuedAnswer> = {
  storageKey: (userId) => `summit:quiz-answers:${userId}`,
  isEntry: isQueuedAnswer,
  enqueue: enqueueAnswer,
  same: (a, b) => sameQuestion(a, b) && a.answered_at === b.answered_at,
}

/** The answers of one attempt still waiting on the device, by question. */
export function pendingAnswers(queue: QueuedAnswer[], attemptId: string): Record<string, QuizAnswer> {
  return Object.fromEntries(
    queue.filter((entry) => entry.attempt_id === attemptId).map((entry) => [entry.question_id, entry.answer]),
  )
}
