// Taking an attempt: its questions one at a time or all on one page (the quiz's layout), the timer when the quiz has
// a time limit, answers saved as they are given (kept on this device while offline), then the summary and submit.
// Enter goes on to the next question; the question's heading takes focus when it changes.
import { useMemo } from 'react'
import { CircleCheck, CloudOff, LoaderCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { plural } from '@/lib/format/plural'
import type { QuizAttempt, QuizAnswer, QuizResult } from '../api/quiz.types'
import { useAnswerOutbox } from '../api/answer-outbox'
import { useSubmitAttempt } from '../api/quiz.mutations'
import { isAnswered, savesAsTyped } from '../lib/answers'
import { QuestionField } from './question-field'
import { QuizTimer } from './quiz-timer'
import { SubmitSummary } from './submit-summary'
import { useAnswerSaver, type SaveStatus } from './use-answer-saver'
import { useAttemptAnswers } from './use-attempt-answers'
import { useQuestionSteps } from './use-question-steps'

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
  const { answers, give } = useAttemptAnswers(attempt.attempt_id, attempt.answers, outbox.queue)
  const saver = useAnswerSaver(attempt.attempt_id, onClosed)
  const submit = useSubmitAttempt(attempt.lesson_id, slug)
  const questions = attempt.questions
  const onePerPage = attempt.layout === 'one_per_page'
  const steps = useQuestionSteps(questions.length, onePerPage)
  const { index, summary, goTo } = steps

  const answer = (questionId: string, kind: QuizAttempt['questions'][number]['kind'], value: QuizAnswer) => {
    give(questionId, value)
    saver.save(questionId, value, savesAsTyped(kind))
  }

  const doSubmit = () =>
    submit.mutate({ attemptId: attempt.attempt_id, beforeSubmit: saver.flush }, { onSuccess: onSubmitted })

  const answeredCount = useMemo(() => questions.filter((q) => isAnswered(answers[q.id])).length, [questions, answers])

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
      {outbox.offline && waitingOnDevice ? <OfflineNote /> : null}
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
          <AttemptQuestions
            questions={questions}
            shown={onePerPage ? questions.slice(index, index + 1) : questions}
            answers={answers}
            onAnswer={answer}
            onEnter={steps.goOn}
            headingRef={steps.headingRef}
            status={saver.status}
            onDevice={(questionId) =>
              outbox.queue.some((e) => e.attempt_id === attempt.attempt_id && e.question_id === questionId)
            }
          />
          <StepButtons
            index={onePerPage ? index : null}
            count={questions.length}
            onGoTo={goTo}
            onReview={() => steps.setSummary(true)}
          />
        </>
      )}
    </section>
  )
}

/** Said while answers wait on this device for the connection to come back. */
function OfflineNote() {
  return (
    <p role="status" className="flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      You seem to be offline. Your answers are kept on this device and sent when the connection is back.
    </p>
  )
}

interface AttemptQuestionsProps {
  questions: QuizAttempt['questions']
  /** The questions on screen: all of them, or the current one. */
  shown: QuizAttempt['questions']
  answers: Record<string, QuizAnswer>
  onAnswer: (questionId: string, kind: QuizAttempt['questions'][number]['kind'], value: QuizAnswer) => void
  onEnter: (number: number) => void
  headingRef: (number: number) => (node: HTMLHeadingElement | null) => void
  status: Record<string, SaveStatus>
  /** The question's answer is waiting on this device. */
  onDevice: (questionId: string) => boolean
}

/** The questions on screen, each with its heading (numbered, with its points) and its save line. */
function AttemptQuestions({ questions, shown, answers, headingRef, ...props }: AttemptQuestionsProps) {
  return (
    <ol className="flex flex-col gap-8">
      {shown.map((question) => {
        const number = questions.indexOf(question)
        return (
          <li key={question.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <QuestionField
              question={question}
              heading={
                <h3 ref={headingRef(number)} tabIndex={-1} className="text-base font-semibold text-slate-700">
                  Question {number + 1} of {questions.length}
                  <span className="font-normal text-slate-600"> · {plural(question.points, 'point')}</span>
                </h3>
              }
              answer={answers[question.id]}
              onAnswer={(value) => props.onAnswer(question.id, question.kind, value)}
              onEnter={() => props.onEnter(number)}
              footer={<SaveLine status={props.status[question.id]} onDevice={props.onDevice(question.id)} />}
            />
          </li>
        )
      })}
    </ol>
  )
}

/**
 * Under the questions: previous and next (one per page, `index` is the current question), and "Review and submit"
 * on the last question or when all are on one page (`index` null).
 */
function StepButtons({
  index,
  count,
  onGoTo,
  onReview,
}: {
  index: number | null
  count: number
  onGoTo: (index: number) => void
  onReview: () => void
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {index !== null && index > 0 ? (
        <Button variant="outline" onClick={() => onGoTo(index - 1)}>
          Previous question
        </Button>
      ) : null}
      {index !== null && index < count - 1 ? (
        <Button onClick={() => onGoTo(index + 1)}>Next question</Button>
      ) : (
        <Button onClick={onReview}>Review and submit</Button>
      )}
    </div>
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
