// The quiz before (and between) attempts: what it asks (questions, pass mark, time limit, attempts), the learner's
// best score, the one action open to them now (start, resume, wait for the next attempt, none left) and their
// attempts history with a review for each attempt the policy opens.
import { ClipboardCheck, Clock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import type { QuizState } from '../api/quiz.types'
import { formatDateTime } from '@/lib/format/date'
import { formatPercent } from '@/lib/format/percent'

interface QuizOverviewProps {
  state: QuizState
  onStart: () => void
  starting: boolean
  startError: unknown
  onReview: (attemptId: string, number: number) => void
}

export function QuizOverview({ state, onStart, starting, startError, onReview }: QuizOverviewProps) {
  const { settings } = state
  const used = state.attempts.filter((a) => a.submitted_at !== null).length
  // The server sets next_attempt_at only while a cooldown runs (the page reads the state again when it ends).
  const waiting = state.next_attempt_at !== null
  const exhausted = state.attempts_left === 0 && !state.open_attempt_id
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="quiz-about-title"
        className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
      >
        <h2 id="quiz-about-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ClipboardCheck aria-hidden="true" className="size-5 text-teal-700" />
          About this quiz
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-medium">Questions</dt>
          <dd>{settings.question_count}</dd>
          <dt className="font-medium">To pass</dt>
          <dd>{settings.pass_mark} %</dd>
          <dt className="font-medium">Time limit</dt>
          <dd>{settings.time_limit_minutes ? `${settings.time_limit_minutes} min` : 'None'}</dd>
          <dt className="font-medium">Attempts</dt>
          <dd>
            {settings.attempts_allowed === null
              ? `${used} used, no limit`
              : `${used} of ${settings.attempts_allowed} used`}
          </dd>
          {state.best_percent !== null ? (
            <>
              <dt className="font-medium">{settings.grading === 'latest' ? 'Latest score' : 'Best score'}</dt>
              <dd>
                {formatPercent(state.best_percent)} {state.passed ? '· passed' : ''}
              </dd>
            </>
          ) : null}
        </dl>
        {settings.time_limit_minutes ? (
          <p className="text-sm text-slate-600">
            The clock starts when you start and keeps running if you leave; when time is up, your answers are graded as
            they stand.
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          {state.open_attempt_id ? (
            <Button className="self-start" onClick={onStart} disabled={starting}>
              {starting ? 'Opening…' : 'Resume your attempt'}
            </Button>
          ) : waiting ? (
            <p className="flex items-start gap-2 text-slate-800">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <span>
                Your next attempt opens at <strong>{formatDateTime(state.next_attempt_at ?? '')}</strong>.
              </span>
            </p>
          ) : exhausted ? (
            <p className="text-slate-800">
              You have used all your attempts.{' '}
              {state.passed ? null : 'If you would like another, ask your instructor: they can grant one.'}
            </p>
          ) : (
            <Button className="self-start" onClick={onStart} disabled={starting}>
              {starting ? 'Starting…' : used > 0 ? 'Start a new attempt' : 'Start the quiz'}
            </Button>
          )}
          {startError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(startError)}
            </p>
          ) : null}
        </div>
      </section>
      <AttemptsHistory state={state} onReview={onReview} />
    </div>
  )
}

function AttemptsHistory({ state, onReview }: Pick<QuizOverviewProps, 'state' | 'onReview'>) {
  const attempts = [...state.attempts].sort((a, b) => a.started_at.localeCompare(b.started_at))
  return (
    <section aria-labelledby="quiz-history-title" className="flex flex-col gap-3">
      <h2 id="quiz-history-title" className="text-lg font-semibold text-slate-900">
        Your attempts
      </h2>
      {attempts.length === 0 ? (
        <p className="text-slate-600">No attempts yet. Your scores will be listed here.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Attempt
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Submitted
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Score
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Review</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((attempt, index) => (
                <tr key={attempt.id} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {index + 1}
                  </th>
                  <td className="py-2 pr-3 text-slate-700">
                    {attempt.submitted_at ? formatDateTime(attempt.submitted_at) : 'In progress'}
                  </td>
                  <td className="py-2 pr-3 text-slate-900">
                    {attempt.percent === null
                      ? '—'
                      : `${formatPercent(attempt.percent)} · ${attempt.passed ? 'passed' : 'not passed'}`}
                  </td>
                  <td className="py-1">
                    {attempt.reviewable ? (
                      <Button variant="ghost" onClick={() => onReview(attempt.id, index + 1)}>
                        Review<span className="sr-only"> attempt {index + 1}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
