// The form for a new cohort and for renaming one or moving its start: a name unique in the course and a start
// (drip offsets count from it for the cohort's learners). What was typed stays when the request fails.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import type { CohortInput } from '../api/cohorts.api'
import { localInputInDays, toLocalInput, viewerTimeZone } from '../lib/date-time'
import { showServerError } from '../lib/server-errors'
import { cohortFormSchema, type CohortFormInput, type CohortFormValues } from '../schemas/schedule.schemas'

interface CohortFormProps {
  /** The cohort being edited; none for a new one. */
  initial?: { name: string; startsAt: string }
  submitLabel: string
  onSave: (input: CohortInput) => Promise<unknown>
  onDone: () => void
}

const fieldNames = ['name', 'startsAt'] as const

export function CohortForm({ initial, submitLabel, onSave, onDone }: CohortFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, setError, formState } = useForm<CohortFormInput, unknown, CohortFormValues>({
    resolver: zodResolver(cohortFormSchema),
    defaultValues: {
      name: initial?.name ?? '',
      startsAt: initial ? toLocalInput(initial.startsAt) : localInputInDays(7),
    },
  })
  const { errors } = formState

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      await onSave(values)
      onDone()
    } catch (error) {
      showServerError(error, fieldNames, setError, setFormError)
    }
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={initial ? `Edit ${initial.name}` : 'New cohort'}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Cohort name" error={errors.name?.message}>
          <Input maxLength={120} autoComplete="off" {...register('name')} />
        </Field>
        <Field
          label={`Starts (${viewerTimeZone()})`}
          error={errors.startsAt?.message}
          hint="Lessons that open after some days count them from here."
        >
          <Input type="datetime-local" {...register('startsAt')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting}>{submitLabel}</SubmitButton>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
