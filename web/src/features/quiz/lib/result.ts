// An attempt's outcome as the result screen shows it: from the submit's answer, or (when the attempt was graded at
// its deadline by someone else's read) from the quiz's state and history.
import type { QuizResult, QuizState } from '../api/quiz.types'

export type ResultView = Omit<QuizResult, 'submitted_at'>

export function resultFromState(state: QuizState, attemptId: string): ResultView | null {
  const attempt = state.attempts.find((a) => a.id === attemptId)
  if (!attempt || attempt.percent === null || attempt.score === null) return null
  return {
    attempt_id: attempt.id,
    score: attempt.score,
    max_score: attempt.max_score,
    percent: attempt.percent,
    passed: attempt.passed === true,
    pass_mark: state.settings.pass_mark,
    attempts_left: state.attempts_left,
    next_attempt_at: state.next_attempt_at,
    review: null,
  }
}

export type NextStep = 'passed' | 'try_again' | 'wait' | 'exhausted'

/** What a learner can do after an attempt: go on (passed), try again now, wait for the cooldown, or nothing more. */
export function nextStep(
  result: Pick<ResultView, 'passed' | 'attempts_left' | 'next_attempt_at'>,
  now = Date.now(),
): NextStep {
  if (result.passed) return 'passed'
  if (result.attempts_left === 0) return 'exhausted'
  if (result.next_attempt_at !== null && Date.parse(result.next_attempt_at) > now) return 'wait'
  return 'try_again'
}
