// When the lesson's section opens to a learner (PRODUCT.md keeps release on sections, so this edits the section
// and applies to every lesson in it): at once, a number of days after enrolling (or the cohort's start), or on a
// date.
import { useFormContext, useWatch } from 'react-hook-form'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import type { LessonFormValues } from './use-lesson-form'

const modes = [
  { value: 'immediate', label: 'As soon as the learner enrolls' },
  { value: 'offset', label: 'A number of days after enrolling, or after the cohort’s start' },
  { value: 'date', label: 'On a date' },
] as const

export function ReleaseRuleFields({ sectionTitle }: { sectionTitle: string }) {
  const { register, control, formState } = useFormContext<LessonFormValues>()
  const mode = useWatch({ control, name: 'release_mode' })
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">The section “{sectionTitle}” opens</legend>
        {modes.map((option) => (
          <label key={option.value} className="flex min-h-11 items-center gap-3 text-slate-900">
            <input type="radio" value={option.value} className="size-4 accent-teal-700" {...register('release_mode')} />
            {option.label}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-600">This applies to every lesson of the section.</p>
      {mode === 'offset' ? (
        <Field
          label="Days after enrolling"
          hint="A learner in a cohort counts from the cohort’s start; anyone else from the day they enrolled."
          error={formState.errors.release_offset?.message}
        >
          <Input inputMode="numeric" className="max-w-40" {...register('release_offset')} />
        </Field>
      ) : null}
      {mode === 'date' ? (
        <Field label="Opens on" hint="In your time zone." error={formState.errors.release_at?.message}>
          <Input type="datetime-local" className="max-w-64" {...register('release_at')} />
        </Field>
      ) : null}
    </div>
  )
}
