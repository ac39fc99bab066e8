// The answers shown in an attempt: the server's, overlaid with those still waiting on this device (given offline
// before a reload, newer than the server's). Answers the outbox loads after the first render (it follows the session
// a moment later) fill in only the questions the learner has not touched since.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { QuizAnswer } from '../api/quiz.types'
import { pendingAnswers } from '../lib/answer-queue'
import type { useAnswerOutbox } from '../api/answer-outbox'

type OutboxQueue = ReturnType<typeof useAnswerOutbox>['queue']

export function useAttemptAnswers(attemptId: string, serverAnswers: Record<string, QuizAnswer>, queue: OutboxQueue) {
  const [answers, setAnswers] = useState<Record<string, QuizAnswer>>(() => ({
    ...serverAnswers,
    ...pendingAnswers(queue, attemptId),
  }))
  const touched = useRef(new Set<string>())
  const waitingAnswers = useMemo(() => pendingAnswers(queue, attemptId), [queue, attemptId])
  useEffect(() => {
    const untouched = Object.entries(waitingAnswers).filter(([id]) => !touched.current.has(id))
    if (untouched.length > 0) setAnswers((current) => ({ ...current, ...Object.fromEntries(untouched) }))
  }, [waitingAnswers])

  /** The learner's own answer: shown at once, and never overwritten by one loaded from the device later. */
  const give = (questionId: string, value: QuizAnswer) => {
    touched.current.add(questionId)
    setAnswers((current) => ({ ...current, [questionId]: value }))
  }
  return { answers, give }
}
