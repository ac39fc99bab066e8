// Taking an attempt: its questions one at a time or all on one page (the quiz's layout), the timer when the quiz has
// a time limit, answers saved as they are given (kept on this device while offline), then the summary and submit.
// Enter goes on to the next question; the question's heading takes focus when it changes.
import { useEffect, useMemo, useRef, useState } from 'react'
import { CircleCheck, CloudOff, LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { plural } from '@/lib/format'
import type { QuizAttempt, QuizAnswer, QuizResult } from '../api/quiz.types'
import { useAnswerOutbox } from '../api/answer-outbox'
import { useSubmitAttempt } from '../api/quiz.mutations'
import { isAnswered, savesAsTyped } from '../lib/answers'
import { pendingAnswers } from '../lib/answer-queue'
import { QuestionField } from './question-field'
import { QuizTimer } from './quiz-timer'
import { SubmitSummary } from './submit-summary'
import { useAnswerSaver, type SaveStatus } from './use-answer-saver'

interface QuizAttemptProps {
  attempt: QuizAttempt
  offsetMs: number
  slug: string
  onSubmitted: (result: QuizResult) => void
  /** The deadline passed or the attempt closed elsewhere: the quiz reads how it was graded. */
  onClosed: () => void
}

export function QuizAttemptView({ attempt, offsetMs, slug, onSubmitted, onClosed }: QuizAttemptProps) {
  const outbox = useAnswerOutbox()
  const waitingOnDevice = outbox.queue.some((entry) => entry.attempt_id === attempt.attempt_id)
  const [answers, setAnswers] = useState<Record<string, QuizAnswer>>(() => ({
    ...attempt.answers,
    // Answers given offline before a reload are still on this device and newer than the server's.
    ...pendingAnswers(outbox.queue, attempt.attempt_id),
  }))
  // Answers kept on this device can load after the first render (the outbox follows the session a moment later):
  // they fill in questions the learner has not touched since.
  const touched = useRef(new Set<string>())
  const waitingAnswers = useMemo(
    () => pendingAnswers(outbox.queue, attempt.attempt_id),
    [outbox.queue, attempt.attempt_id],
  )
  useEffect(() => {
    const untouched = Object.entries(waitingAnswers).filter(([id]) => !touched.current.has(id))
    if (untouched.length > 0) setAnswers((current) => ({ ...current, ...Object.fromEntries(untouched) }))
  }, [waitingAnswers])
  const saver = useAnswerSaver(attempt.attempt_id, onClosed)
  const submit = useSubmitAttempt(attempt.lesson_id, slug)
  const [index, setIndex] = useState(0)
  const [summary, setSummary] = useState(false)
  const onePerPage = attempt.layout === 'one_per_page'
  const headings = useRef(new Map<number, HTMLHeadingElement>())
  const moved = useRef(false)
  const questions = attempt.questions

  useEffect(() => {
    if (!moved.current || summary) return
    headings.current.get(index)?.focus()
  }, [index, summary])

  const goTo = (next: number) => {
    moved.current = true
    setSummary(false)
    setIndex(Math.min(Math.max(0, next), questions.length - 1))
    if (!onePerPage) headings.current.get(next)?.focus()
  }
  const goOn = (from: number) => (from >= questions.length - 1 ? setSummary(true) : goTo(from + 1))

  const answer = (questionId: string, kind: QuizAttempt['questions'][number]['kind'], value: QuizAnswer) => {
    touched.current.add(questionId)
    setAnswers((current) => ({ ...current, [questionId]: value }))
    saver.save(questionId, value, savesAsTyped(kind))
  }

  const doSubmit = () =>
    submit.mutate({ attemptId: attempt.attempt_id, beforeSubmit: saver.flush }, { onSuccess: onSubmitted })

  const answeredCount = useMemo(() => questions.filter((q) => isAnswered(answers[q.id])).length, [questions, answers])
  const shown = onePerPage ? questions.slice(index, index + 1) : questions

  return (
    <section aria-labelledby="quiz-attempt-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quiz-attempt-title" className="text-lg font-semibold text-slate-900">
          Your attempt{' '}
          <span className="font-normal text-slate-600">
            · {answeredCount} of {questions.length} answered
          </span>
        </h2>
        {attempt.deadline ? <QuizTimer deadline={attempt.deadline} offsetMs={offsetMs} onExpire={onClosed} /> : null}
      </div>
      {outbox.offline && waitingOnDevice ? (
        <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          You seem to be offline. Your answers are kept on this device and sent when the connection is back.
        </p>
      ) : null}
      {onePerPage && !summary ? (
        <QuestionNav
          count={questions.length}
          current={index}
          answered={(i) => isAnswered(answers[questions[i]?.id ?? ''])}
          onGoTo={goTo}
        />
      ) : null}
      {summary ? (
        <SubmitSummary
          questions={questions}
          answers={answers}
          onGoTo={goTo}
          onSubmit={doSubmit}
          submitting={submit.isPending}
          waitingOnDevice={waitingOnDevice}
          error={submit.error}
        />
      ) : (
        <>
          <ol className="flex flex-col gap-8">
            {shown.map((question) => {
              const number = questions.indexOf(question)
              return (
                <li key={question.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
                  <QuestionField
                    question={question}
                    heading={
                      <h3
                        ref={(node) => {
                          if (node) headings.current.set(number, node)
                          else headings.current.delete(number)
                        }}
                        tabIndex={-1}
                        className="text-base font-semibold text-slate-700"
                      >
                        Question {number + 1} of {questions.length}
                        <span className="font-normal text-slate-600"> · {plural(question.points, 'point')}</span>
                      </h3>
                    }
                    answer={answers[question.id]}
                    onAnswer={(value) => answer(question.id, question.kind, value)}
                    onEnter={() => goOn(number)}
                    footer={
                      <SaveLine
                        status={saver.status[question.id]}
                        onDevice={outbox.queue.some(
                          (e) => e.attempt_id === attempt.attempt_id && e.question_id === question.id,
                        )}
                      />
                    }
                  />
                </li>
              )
            })}
          </ol>
          <div className="flex flex-wrap gap-2">
            {onePerPage && index > 0 ? (
              <Button variant="outline" onClick={() => goTo(index - 1)}>
                Previous question
              </Button>
            ) : null}
            {onePerPage && index < questions.length - 1 ? (
              <Button onClick={() => goTo(index + 1)}>Next question</Button>
            ) : (
              <Button onClick={() => setSummary(true)}>Review and submit</Button>
            )}
          </div>
        </>
      )}
    </section>
  )
}

function QuestionNav({
  count,
  current,
  answered,
  onGoTo,
}: {
  count: number
  current: number
  answered: (index: number) => boolean
  onGoTo: (index: number) => void
}) {
  return (
    <nav aria-label="Questions">
      <ol className="flex flex-wrap gap-1.5">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => onGoTo(i)}
              aria-current={i === current ? 'step' : undefined}
              className={cn(
                'flex size-11 items-center justify-center rounded-md border text-sm font-medium tabular-nums',
                i === current ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-900',
                answered(i) && i !== current && 'border-teal-600 bg-teal-50 text-teal-900',
              )}
            >
              {i + 1}
              <span className="sr-only">{answered(i) ? ', answered' : ', not answered'}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function SaveLine({ status: given, onDevice }: { status: SaveStatus | undefined; onDevice: boolean }) {
  // An answer kept on the device is saved once the outbox has sent it.
  const status: SaveStatus | undefined =
    given?.state === 'queued' && !onDevice ? { state: 'saved' } : onDevice ? { state: 'queued' } : given
  return (
    <p role="status" className="min-h-5 text-sm">
      {status?.state === 'saving' ? (
        <span className="flex items-center gap-1.5 text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> Saving…
        </span>
      ) : status?.state === 'saved' ? (
        <span className="flex items-center gap-1.5 text-teal-800">
          <CircleCheck aria-hidden="true" className="size-4" /> Answer saved
        </span>
      ) : status?.state === 'queued' ? (
        <span className="flex items-center gap-1.5 text-amber-900">
          <CloudOff aria-hidden="true" className="size-4" /> Saved on this device — will sync.
        </span>
      ) : status?.state === 'error' ? (
        <span className="text-red-700">Not saved: {status.message}</span>
      ) : null}
    </p>
  )
}
