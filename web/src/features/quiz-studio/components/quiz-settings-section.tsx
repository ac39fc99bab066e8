// A quiz lesson's part of the lesson editor: which questions (fixed from the bank, and/or drawn at random from
// tags), shuffling, pass mark, attempts and cooldown, time limit, grading, review, layout and whether the
// certificate needs it; saved with one button, and a preview of the quiz with its key.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import type { BankQuestion } from '../api/question-bank.api'
import { questionBankQueries } from '../api/question-bank.queries'
import { useUpdateQuizSettings } from '../api/quiz-lesson.mutations'
import { quizLessonQueries } from '../api/quiz-lesson.queries'
import type { QuizSettings } from '../api/quiz-settings.api'
import {
  quizSettingsSchema,
  settingsFormValues,
  settingsPatch,
  type QuizSettingsFormValues,
} from '../schemas/quiz-settings.schema'
import { CheckField } from './check-field'
import { FixedQuestionsField } from './fixed-questions-field'

// The preview's code (Radix Dialog, the answer key's views) loads after the page, or at the first opening.
const QuizPreviewDialog = lazyOverlay(() => import('./quiz-preview-dialog').then((m) => m.QuizPreviewDialog))

const selectClass = 'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900'

export function QuizSettingsSection({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const settings = useQuery(quizLessonQueries.settings(courseId, lessonId))
  const bank = useQuery(questionBankQueries.list(courseId))
  return (
    <section
      aria-labelledby="quiz-settings-heading"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="quiz-settings-heading" className="text-lg font-semibold text-slate-900">
        Quiz
      </h2>
      {settings.isPending || bank.isPending ? (
        <div aria-busy="true" aria-label="Loading the quiz settings" className="flex flex-col gap-2">
          <Skeleton className="h-11" />
          <Skeleton className="h-32" />
        </div>
      ) : settings.isError || bank.isError ? (
        <Alert tone="error" title="The quiz settings could not be loaded">
          <p>{errorMessage(settings.error ?? bank.error)}</p>
          <Button
            variant="outline"
            className="mt-2"
            onClick={() => {
              void settings.refetch()
              void bank.refetch()
            }}
          >
            Try again
          </Button>
        </Alert>
      ) : settings.data === null ? (
        // The row appears with the lesson's kind; a kind change still being saved has not made it yet.
        <p role="status" className="text-sm text-slate-700">
          Saving the lesson as a quiz…
        </p>
      ) : (
        <QuizSettingsForm courseId={courseId} settings={settings.data} bank={bank.data} />
      )}
    </section>
  )
}

function QuizSettingsForm({
  courseId,
  settings,
  bank,
}: {
  courseId: string
  settings: QuizSettings
  bank: BankQuestion[]
}) {
  const form = useForm<QuizSettingsFormValues>({
    resolver: zodResolver(quizSettingsSchema),
    defaultValues: settingsFormValues(settings),
  })
  const update = useUpdateQuizSettings(courseId, settings.lesson_id)
  const [saved, setSaved] = useState(false)
  const [previewOpen, setPreviewOpen] = useState(false)
  const { control, register, formState } = form
  const { errors } = formState
  const [draw, unlimited, timeLimit] = useWatch({ control, name: ['draw', 'unlimited_attempts', 'time_limit'] })

  const submit = form.handleSubmit(async (values) => {
    setSaved(false)
    const fresh = await update.mutateAsync(settingsPatch(values)).catch(() => null)
    if (fresh) {
      form.reset(settingsFormValues(fresh))
      setSaved(true)
    }
  })

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {bank.length === 0 ? (
        <Alert tone="info">
          The course’s question bank is empty.{' '}
          <Link
            to="/studio/courses/$courseId/questions"
            params={{ courseId }}
            className="font-medium text-teal-800 underline"
          >
            Add or import questions
          </Link>{' '}
          first.
        </Alert>
      ) : null}
      <FixedQuestionsField control={control} bank={bank} />
      <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
        <CheckField
          control={control}
          name="draw"
          label="Also draw questions at random"
          hint="Each attempt gets its own draw from the bank, besides the fixed questions."
        />
        {draw ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="How many to draw" error={errors.draw_count?.message}>
              <Input inputMode="numeric" {...register('draw_count')} />
            </Field>
            <Field label="From questions tagged" hint="Commas between tags; empty: the whole bank.">
              <Input {...register('draw_tags')} />
            </Field>
          </div>
        ) : null}
      </div>
      <div className="grid gap-1 sm:grid-cols-2">
        <CheckField control={control} name="shuffle_questions" label="Shuffle the questions" />
        <CheckField control={control} name="shuffle_options" label="Shuffle the options" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Pass mark (%)" error={errors.pass_mark?.message}>
          <Input inputMode="numeric" {...register('pass_mark')} />
        </Field>
        <Field label="Grade from" hint="Which attempt counts when there are several.">
          <select className={selectClass} {...register('grading')}>
            <option value="highest">The highest score</option>
            <option value="latest">The latest attempt</option>
          </select>
        </Field>
        <div className="flex flex-col gap-2">
          <CheckField control={control} name="unlimited_attempts" label="Unlimited attempts" />
          {unlimited ? null : (
            <Field label="Attempts allowed" error={errors.attempts_allowed?.message}>
              <Input inputMode="numeric" {...register('attempts_allowed')} />
            </Field>
          )}
        </div>
        <Field label="Wait between attempts (minutes)" hint="0 for no wait." error={errors.cooldown_minutes?.message}>
          <Input inputMode="numeric" {...register('cooldown_minutes')} />
        </Field>
        <div className="flex flex-col gap-2">
          <CheckField control={control} name="time_limit" label="Time limit" />
          {timeLimit ? (
            <Field label="Minutes to answer" error={errors.time_limit_minutes?.message}>
              <Input inputMode="numeric" {...register('time_limit_minutes')} />
            </Field>
          ) : null}
        </div>
        <Field label="Layout">
          <select className={selectClass} {...register('layout')}>
            <option value="one_per_page">One question at a time</option>
            <option value="all_on_page">All questions on one page</option>
          </select>
        </Field>
        <Field label="After submitting, learners see">
          <select className={selectClass} {...register('review_policy')}>
            <option value="score">Their score only</option>
            <option value="answers">Their answers, right or wrong</option>
            <option value="full">Their answers, the correct answers and explanations</option>
          </select>
        </Field>
        <Field label="Review opens">
          <select className={selectClass} {...register('review_when')}>
            <option value="immediately">Immediately</option>
            <option value="after_passing">Once they pass</option>
            <option value="after_last_attempt">After their last attempt</option>
          </select>
        </Field>
      </div>
      <CheckField
        control={control}
        name="required"
        label="Required for the certificate"
        hint="The certificate is issued only once this quiz is passed."
      />
      {update.isError ? <Alert tone="error">{errorMessage(update.error)}</Alert> : null}
      {saved && !formState.isDirty ? <Alert tone="success">Quiz settings saved.</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={update.isPending}>Save quiz settings</SubmitButton>
        <Button variant="outline" onClick={() => setPreviewOpen(true)}>
          Preview quiz
        </Button>
      </div>
      <QuizPreviewDialog
        courseId={courseId}
        lessonId={settings.lesson_id}
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        unsaved={formState.isDirty}
      />
    </form>
  )
}
