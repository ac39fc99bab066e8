// Answers waiting on the device: one per question of an attempt, the newest kept, unreadable storage dropped.
import { describe, expect, it } from 'vitest'
import { readStoredQueue } from '@/lib/outbox/outbox-queue'
import { answerQueueKind, enqueueAnswer, pendingAnswers, type QueuedAnswer } from './answer-queue'

const entry = (question: string, answer: QueuedAnswer['answer'], at: string, attempt = 't1'): QueuedAnswer => ({
  attempt_id: attempt,
  question_id: question,
  answer,
  answered_at: at,
})

describe('answer queue', () => {
  it('keeps one entry per question, the newest answer winning', () => {
    let queue = enqueueAnswer([], entry('q1', { text: 'a' }, '2026-01-01T00:00:01Z'))
    queue = enqueueAnswer(queue, entry('q2', { option: 'x' }, '2026-01-01T00:00:02Z'))
    queue = enqueueAnswer(queue, entry('q1', { text: 'ab' }, '2026-01-01T00:00:03Z'))
    queue = enqueueAnswer(queue, entry('q1', { text: 'old' }, '2026-01-01T00:00:00Z'))
    expect(queue).toEqual([
      entry('q1', { text: 'ab' }, '2026-01-01T00:00:03Z'),
      entry('q2', { option: 'x' }, '2026-01-01T00:00:02Z'),
    ])
  })

  it('gives an attempt its waiting answers by question', () => {
    const queue = [entry('q1', { value: 1 }, 'a'), entry('q1', { value: 2 }, 'a', 'other')]
    expect(pendingAnswers(queue, 't1')).toEqual({ q1: { value: 1 } })
  })

  it('reads back only well-formed entries from storage', () => {
    localStorage.setItem(
      answerQueueKind.storageKey('u1'),
      JSON.stringify([entry('q1', { text: 'kept' }, 'a'), { attempt_id: 't1', question_id: 'q2', answer: {} }, 7]),
    )
    expect(readStoredQueue(answerQueueKind, 'u1', localStorage)).toEqual([entry('q1', { text: 'kept' }, 'a')])
    localStorage.clear()
  })
})
