// The outcome of an attempt: the score, passed or not against the pass mark, and what to do next: go on to the next
// lesson, try again, wait until the next attempt opens (after a cooldown), or ask the instructor once no attempt is
// left. The heading takes focus so a screen reader reads the result first.
import { useEffect, useRef, type ReactNode } from 'react'
import { CircleCheck, CircleX, Clock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { formatDateTime } from '@/lib/format/date'
import { formatPercent } from '@/lib/format/percent'
import { formatCount, plural } from '@/lib/format/plural'
import { nextStep, type ResultView } from '../lib/result'

interface QuizResultProps {
  result: ResultView
  timedOut: boolean
  /** Link to the next lesson (when there is one). */
  nextLesson: ReactNode
  onTryAgain: () => void
  /** Opens the review; absent when the policy does not allow it now. */
  onReview?: (() => void) | undefined
  onBack: () => void
}

export function QuizResultView({ result, timedOut, nextLesson, onTryAgain, onReview, onBack }: QuizResultProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [result.attempt_id])
  const step = nextStep(result)
  const Icon = result.passed ? CircleCheck : CircleX
  return (
    <section
      aria-labelledby="quiz-result-title"
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4 sm:p-6',
        result.passed ? 'border-teal-200 bg-teal-50' : 'border-amber-200 bg-amber-50',
      )}
    >
      <h2
        id="quiz-result-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-semibold text-slate-900"
      >
        <Icon aria-hidden="true" className={cn('size-6', result.passed ? 'text-teal-700' : 'text-amber-700')} />
        {result.passed ? 'You passed' : 'Not passed this time'}
      </h2>
      {timedOut ? <p className="text-slate-800">Time ran out: your answers were graded as they stood.</p> : null}
      <p className="text-lg text-slate-900">
        Your score: <strong>{formatPercent(result.percent)}</strong>{' '}
        <span className="text-base text-slate-700">
          ({formatCount(result.score)} of {plural(result.max_score, 'point')}; {result.pass_mark} % to pass)
        </span>
      </p>
      <NextStepText step={step} result={result} />
      <div className="flex flex-wrap gap-2">
        {step === 'passed' ? nextLesson : null}
        {step === 'try_again' ? <Button onClick={onTryAgain}>Try again</Button> : null}
        {onReview ? (
          <Button variant="outline" onClick={onReview}>
            Review your answers
          </Button>
        ) : null}
        <Button variant="outline" onClick={onBack}>
          Your attempts
        </Button>
      </div>
    </section>
  )
}

function NextStepText({ step, result }: { step: ReturnType<typeof nextStep>; result: ResultView }) {
  switch (step) {
    case 'passed':
      return <p className="text-slate-800">This lesson is complete. Well done!</p>
    case 'try_again':
      return (
        <p className="text-slate-800">
          Look back over the lessons this quiz covers, then try again.
          {result.attempts_left !== null ? ` You have ${plural(result.attempts_left, 'attempt')} left.` : null}
        </p>
      )
    case 'wait':
      return (
        <p className="flex items-start gap-2 text-slate-800">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            Your next attempt opens at <strong>{formatDateTime(result.next_attempt_at ?? '')}</strong>. Use the time to
            look back over the lessons.
          </span>
        </p>
      )
    case 'exhausted':
      return (
        <p className="text-slate-800">
          You have used all your attempts. If you would like another, ask your instructor: they can grant one.
        </p>
      )
  }
}
