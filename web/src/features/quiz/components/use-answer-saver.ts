// Saves an attempt's answers as the learner gives them: a choice at once, typed text after a short pause, each through
// the answer outbox (kept on this device while the API cannot be reached). Keeps each question's save status, and
// `flush()` sends whatever is still waiting for its pause and resolves when every save has been handed over.
import { useCallback, useEffect, useRef, useState } from 'react'
import { errorCode, errorMessage } from '@/lib/errors'
import type { QuizAnswer } from '../api/quiz.types'
import { sendOrQueueAnswer } from '../api/answer-outbox'

export type SaveStatus = { state: 'saving' | 'saved' | 'queued' } | { state: 'error'; message: string }

const TYPING_PAUSE_MS = 600

export function useAnswerSaver(attemptId: string, onClosed: () => void) {
  const [status, setStatus] = useState<Record<string, SaveStatus>>({})
  const typed = useRef(new Map<string, { answer: QuizAnswer; timer: ReturnType<typeof setTimeout> }>())
  const inFlight = useRef(new Set<Promise<unknown>>())
  const closed = useRef(onClosed)
  useEffect(() => {
    closed.current = onClosed
  }, [onClosed])

  const send = useCallback(
    (questionId: string, answer: QuizAnswer) => {
      setStatus((s) => ({ ...s, [questionId]: { state: 'saving' } }))
      const entry = { attempt_id: attemptId, question_id: questionId, answer, answered_at: new Date().toISOString() }
      const saving = sendOrQueueAnswer(entry).then(
        (outcome) => setStatus((s) => ({ ...s, [questionId]: { state: outcome } })),
        (error: unknown) => {
          if (errorCode(error) === 'attempt_closed') closed.current()
          setStatus((s) => ({ ...s, [questionId]: { state: 'error', message: errorMessage(error) } }))
        },
      )
      inFlight.current.add(saving)
      void saving.finally(() => inFlight.current.delete(saving))
    },
    [attemptId],
  )

  const save = useCallback(
    (questionId: string, answer: QuizAnswer, afterPause: boolean) => {
      const waiting = typed.current.get(questionId)
      if (waiting) clearTimeout(waiting.timer)
      typed.current.delete(questionId)
      if (!afterPause) {
        send(questionId, answer)
        return
      }
      const timer = setTimeout(() => {
        typed.current.delete(questionId)
        send(questionId, answer)
      }, TYPING_PAUSE_MS)
      typed.current.set(questionId, { answer, timer })
    },
    [send],
  )

  const flush = useCallback(async () => {
    for (const [questionId, { answer, timer }] of typed.current) {
      clearTimeout(timer)
      send(questionId, answer)
    }
    typed.current.clear()
    await Promise.allSettled([...inFlight.current])
  }, [send])

  // Leaving the attempt's screen with text still waiting for its pause: it is sent now rather than lost.
  useEffect(() => {
    const waiting = typed.current
    return () => {
      for (const [questionId, { answer, timer }] of waiting) {
        clearTimeout(timer)
        void sendOrQueueAnswer({
          attempt_id: attemptId,
          question_id: questionId,
          answer,
          answered_at: new Date().toISOString(),
        }).catch(() => undefined)
      }
      waiting.clear()
    }
  }, [attemptId])

  return { status, save, flush }
}
