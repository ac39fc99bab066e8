// A video lesson's in-video checks: a bank question pinned at a moment; the player pauses there, the learner
// answers (never blocking) and the video goes on. Listed by moment; added and removed here.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { SubmitButton } from '@/components/submit-button'
import { errorCode, errorMessage } from '@/lib/errors'
import { questionBankQueries } from '../api/question-bank.queries'
import { useAddVideoCheck, useRemoveVideoCheck } from '../api/quiz-lesson.mutations'
import { quizLessonQueries } from '../api/quiz-lesson.queries'
import { promptLine } from '../lib/answer-summary'
import { formatMoment, parseMoment } from '../lib/moment'

const selectClass = 'h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

export function VideoChecksPanel({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const checks = useQuery(quizLessonQueries.videoChecks(courseId, lessonId))
  const bank = useQuery(questionBankQueries.list(courseId))
  const remove = useRemoveVideoCheck(courseId, lessonId)
  const prompts = new Map((bank.data ?? []).map((question) => [question.id, promptLine(question.prompt_md, 100)]))

  return (
    <section
      aria-labelledby="video-checks-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="video-checks-heading" className="text-lg font-semibold text-slate-900">
          In-video checks
        </h2>
        <p className="text-sm text-slate-600">
          The video pauses at each moment for a question from the bank. Learners may answer or go on; checks do not
          count towards passing the course.
        </p>
      </div>
      {checks.isPending || bank.isPending ? (
        <Skeleton className="h-16" aria-label="Loading the in-video checks" />
      ) : checks.isError || bank.isError ? (
        <Alert tone="error" title="The in-video checks could not be loaded">
          <p>{errorMessage(checks.error ?? bank.error)}</p>
          <Button
            variant="outline"
            className="mt-2"
            onClick={() => {
              void checks.refetch()
              void bank.refetch()
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          {checks.data.length === 0 ? (
            <p className="text-sm text-slate-700">No checks in this video yet.</p>
          ) : (
            <ul aria-label="In-video checks" className="flex flex-col gap-2">
              {checks.data.map((check) => {
                const title = prompts.get(check.question_id) ?? 'A question no longer in the bank'
                return (
                  <li key={check.id} className="flex items-center gap-3 rounded-md border border-slate-200 p-2">
                    <span className="font-mono text-sm text-slate-900">{formatMoment(check.at_s)}</span>
                    <span className="min-w-0 flex-1 text-sm break-words text-slate-800">{title}</span>
                    <Button
                      variant="outline"
                      aria-label={`Remove the check at ${formatMoment(check.at_s)}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(check.id)}
                    >
                      Remove
                    </Button>
                  </li>
                )
              })}
            </ul>
          )}
          {remove.isError ? <Alert tone="error">{errorMessage(remove.error)}</Alert> : null}
          {bank.data.length === 0 ? (
            <p className="text-sm text-slate-700">
              <Link
                to="/studio/courses/$courseId/questions"
                params={{ courseId }}
                className="font-medium text-teal-800 underline"
              >
                Add questions to the bank
              </Link>{' '}
              to pin them here.
            </p>
          ) : (
            <AddCheckForm
              courseId={courseId}
              lessonId={lessonId}
              questions={bank.data.map((q) => [q.id, promptLine(q.prompt_md, 90)])}
            />
          )}
        </>
      )}
    </section>
  )
}

function AddCheckForm({
  courseId,
  lessonId,
  questions,
}: {
  courseId: string
  lessonId: string
  questions: [string, string][]
}) {
  const add = useAddVideoCheck(courseId, lessonId)
  const [moment, setMoment] = useState('')
  const [questionId, setQuestionId] = useState('')
  const [momentError, setMomentError] = useState<string | null>(null)
  const [questionError, setQuestionError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const atS = parseMoment(moment)
    setMomentError(atS === null ? 'Write a moment like 1:30 (or seconds).' : null)
    setQuestionError(questionId ? null : 'Choose a question.')
    setFailure(null)
    if (atS === null || !questionId) return
    try {
      await add.mutateAsync({ atS, questionId })
      setMoment('')
      setQuestionId('')
    } catch (error) {
      setFailure(
        errorCode(error) === '23505' ? `There is already a check at ${formatMoment(atS)}.` : errorMessage(error),
      )
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-start">
        <Field label="At" hint="m:ss" error={momentError ?? undefined}>
          <Input value={moment} onChange={(event) => setMoment(event.target.value)} inputMode="numeric" />
        </Field>
        <Field label="Question" error={questionError ?? undefined}>
          <select className={selectClass} value={questionId} onChange={(event) => setQuestionId(event.target.value)}>
            <option value="">Choose a question</option>
            {questions.map(([id, title]) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
          </select>
        </Field>
        <SubmitButton busy={add.isPending} variant="outline" className="sm:mt-7">
          Add check
        </SubmitButton>
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
    </form>
  )
}
