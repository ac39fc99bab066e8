// The lesson's outline fields: kind, title, free preview, how it completes (by hand, or by watching a share of the
// video) and its length. A text lesson only completes by hand, so the watching rule is offered for videos only.
import { Controller, useFormContext, useWatch } from 'react-hook-form'
import { Checkbox } from '@/components/ui/checkbox'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import type { LessonFormValues } from './use-lesson-form'

export const selectClass =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 aria-[invalid=true]:border-red-600'

export function LessonSettingsFields() {
  const { register, control, formState } = useFormContext<LessonFormValues>()
  const kind = useWatch({ control, name: 'kind' })
  const rule = useWatch({ control, name: 'completion_rule' })
  const { errors } = formState
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Lesson title" error={errors.title?.message} className="sm:col-span-2">
        <Input maxLength={120} {...register('title')} />
      </Field>
      <Field label="Kind">
        <select className={selectClass} {...register('kind')}>
          <option value="video">Video</option>
          <option value="text">Text</option>
          <option value="quiz">Quiz</option>
        </select>
      </Field>
      <Field
        label="Duration in seconds"
        hint={
          kind === 'video'
            ? 'Filled in from the video when you upload one.'
            : kind === 'text'
              ? 'Estimated from the text at 200 words a minute until you type your own.'
              : 'About how long it takes.'
        }
        error={errors.duration?.message}
      >
        <Input inputMode="numeric" {...register('duration')} />
      </Field>
      {kind === 'quiz' ? (
        <p className="self-end text-sm text-slate-700">Completed when the learner passes the quiz.</p>
      ) : (
        <Field label="Completed when">
          <select className={selectClass} {...register('completion_rule')}>
            <option value="manual">The learner marks it complete</option>
            {kind === 'video' ? <option value="video">The learner has watched enough of the video</option> : null}
          </select>
        </Field>
      )}
      {kind === 'video' && rule === 'video' ? (
        <Field label="Share to watch (%)" hint="From 50% to 100% of the video." error={errors.threshold?.message}>
          <Input inputMode="numeric" {...register('threshold')} />
        </Field>
      ) : (
        <div aria-hidden="true" className="hidden sm:block" />
      )}
      <Controller
        control={control}
        name="is_preview"
        render={({ field }) => (
          <div className="flex items-start gap-3 sm:col-span-2">
            <Checkbox
              id="lesson-is-preview"
              className="mt-0.5"
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby="lesson-is-preview-hint"
            />
            <div className="flex flex-col gap-0.5">
              <Label htmlFor="lesson-is-preview">Free preview</Label>
              <p id="lesson-is-preview-hint" className="text-sm text-slate-600">
                Anyone can open this lesson once the course is published, without enrolling.
              </p>
            </div>
          </div>
        )}
      />
    </div>
  )
}
