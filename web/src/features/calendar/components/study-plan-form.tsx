// The form of one course's study plan: days of the week (a group of checkboxes with a legend), start time, minutes
// per session and an optional target date. The server's fields map lands next to its fields; on any other failure
// what was typed stays, the error shows and the same button tries again.
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useSaveStudyPlan } from '../api/calendar.mutations'
import { placePlanError } from '../lib/plan-errors'
import type { PlanState } from '../schemas/plan.schemas'
import { studyPlanFormSchema, toStudyPlanInput, type StudyPlanFormValues } from '../schemas/study-plan.schemas'

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const

function valuesOf(plan: PlanState | null): StudyPlanFormValues {
  if (!plan) return { days: [], startTime: '18:00', minutes: '30', targetEndDate: '' }
  return {
    days: plan.days_of_week,
    startTime: plan.start_time,
    minutes: String(plan.minutes),
    targetEndDate: plan.target_end_date ?? '',
  }
}

export interface StudyPlanFormProps {
  userId: string
  courseId: string
  plan: PlanState | null
}

export function StudyPlanForm({ userId, courseId, plan }: StudyPlanFormProps) {
  const id = useId()
  const save = useSaveStudyPlan(userId)
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const { register, handleSubmit, control, setError, reset, formState } = useForm<StudyPlanFormValues>({
    resolver: zodResolver(studyPlanFormSchema),
    defaultValues: valuesOf(plan),
  })
  const { errors } = formState
  const daysErrorId = `${id}-days-error`

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    setSaved(false)
    try {
      const state = await save.mutateAsync(toStudyPlanInput(courseId, values))
      reset(valuesOf(state))
      setSaved(true)
    } catch (error) {
      const placed = placePlanError(error)
      for (const [field, message] of Object.entries(placed.fields)) {
        setError(field as keyof StudyPlanFormValues, { message })
      }
      setFormError(placed.form)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Study plan" className="flex flex-col gap-4">
      <FormError message={formError} />
      <fieldset aria-describedby={errors.days ? daysErrorId : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-900">Days</legend>
        <Controller
          control={control}
          name="days"
          render={({ field }) => (
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {weekdays.map((name, index) => {
                const day = index + 1
                const checkboxId = `${id}-day-${day}`
                return (
                  <div key={name} className="flex min-h-11 items-center gap-2">
                    <Checkbox
                      id={checkboxId}
                      checked={field.value.includes(day)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked === true ? [...field.value, day] : field.value.filter((value) => value !== day),
                        )
                      }
                      onBlur={field.onBlur}
                      aria-label={name}
                    />
                    <Label htmlFor={checkboxId} aria-hidden="true">
                      {name.slice(0, 3)}
                    </Label>
                  </div>
                )
              })}
            </div>
          )}
        />
        {errors.days ? <FieldError id={daysErrorId}>{errors.days.message}</FieldError> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Start time" error={errors.startTime?.message}>
          <Input type="time" {...register('startTime')} />
        </Field>
        <Field label="Minutes per session" error={errors.minutes?.message}>
          <Input type="number" inputMode="numeric" min={5} max={480} step={5} {...register('minutes')} />
        </Field>
        <Field label="Target end date (optional)" error={errors.targetEndDate?.message}>
          <Input type="date" {...register('targetEndDate')} />
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={formState.isSubmitting}>{plan ? 'Save plan' : 'Make a plan'}</SubmitButton>
        {saved && !formState.isDirty ? (
          <p role="status" className="text-sm text-teal-800">
            Saved.
          </p>
        ) : null}
      </div>
    </form>
  )
}
