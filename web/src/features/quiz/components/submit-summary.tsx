// The last step before submitting: how many questions are answered, each unanswered one named with a way back to it,
// and the submit itself, which first waits for answers kept on this device to reach Summit.
import { useEffect, useRef } from 'react'
import { CircleAlert, CloudOff } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import { plural } from '@/lib/format/plural'
import type { AttemptQuestion, QuizAnswer } from '../api/quiz.types'
import { promptExcerpt, unansweredQuestions } from '../lib/answers'

interface SubmitSummaryProps {
  questions: AttemptQuestion[]
  answers: Record<string, QuizAnswer>
  onGoTo: (index: number) => void
  onSubmit: () => void
  submitting: boolean
  /** Answers of this attempt still wait on this device (the submit waits for them). */
  waitingOnDevice: boolean
  error: unknown
}

export function SubmitSummary({
  questions,
  answers,
  onGoTo,
  onSubmit,
  submitting,
  waitingOnDevice,
  error,
}: SubmitSummaryProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const missing = unansweredQuestions(questions, answers)
  const answered = questions.length - missing.length
  return (
    <section aria-labelledby="quiz-summary-title" className="flex flex-col gap-4">
      <h2 id="quiz-summary-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        Ready to submit?
      </h2>
      <p className="text-slate-700">
        You answered {answered} of {plural(questions.length, 'question')}.
      </p>
      {missing.length > 0 ? (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="flex items-center gap-2 font-semibold text-amber-900">
            <CircleAlert aria-hidden="true" className="size-5" />
            {missing.length === 1 ? 'One question has no answer:' : `${missing.length} questions have no answer:`}
          </p>
          <ul className="flex flex-col gap-1">
            {missing.map(({ number, question }) => (
              <li key={question.id}>
                <Button
                  variant="ghost"
                  className="h-auto min-h-11 text-left whitespace-normal"
                  onClick={() => onGoTo(number - 1)}
                >
                  Question {number}: {promptExcerpt(question.prompt_md) || 'no text'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {waitingOnDevice ? (
        <p role="status" className="flex items-start gap-2 text-sm text-amber-900">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Some answers are saved on this device only. Submitting waits until they reach Summit.
        </p>
      ) : null}
      {error ? (
        <Alert tone="error" title="Your answers were not submitted">
          {errorMessage(error)}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => onGoTo(0)} disabled={submitting}>
          Back to the questions
        </Button>
        <Button onClick={onSubmit} disabled={submitting}>
          {submitting ? (waitingOnDevice ? 'Waiting for the connection…' : 'Submitting…') : 'Submit answers'}
        </Button>
      </div>
    </section>
  )
}
