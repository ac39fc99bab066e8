// The form for a new access code: optionally an expiry and a use limit (by default a code works until revoked, for
// anyone who has it), optionally into a cohort. What was typed stays when the request fails.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import type { Cohort } from '../api/cohorts.api'
import { useCreateAccessCode } from '../api/course-access.mutations'
import { viewerTimeZone } from '../lib/date-time'
import { showServerError } from '../lib/server-errors'
import { accessCodeFormSchema, type AccessCodeFormInput, type AccessCodeFormValues } from '../schemas/grant.schemas'
import { CohortSelect } from './cohort-select'

interface AccessCodeFormProps {
  courseId: string
  cohorts: Cohort[]
  onCreated: (code: string) => void
  onCancel: () => void
}

const fieldNames = ['expiresAt', 'maxUses', 'cohortId'] as const

export function AccessCodeForm({ courseId, cohorts, onCreated, onCancel }: AccessCodeFormProps) {
  const create = useCreateAccessCode(courseId)
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, setError, reset, formState } = useForm<
    AccessCodeFormInput,
    unknown,
    AccessCodeFormValues
  >({
    resolver: zodResolver(accessCodeFormSchema),
    defaultValues: { expiresAt: '', maxUses: '', cohortId: '' },
  })
  const { errors } = formState

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    try {
      const { secret } = await create.mutateAsync(values)
      reset()
      onCreated(secret)
    } catch (error) {
      showServerError(error, fieldNames, setError, setFormError)
    }
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="New access code"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={`Expires (${viewerTimeZone()}, optional)`} error={errors.expiresAt?.message} hint="Empty: never.">
          <Input type="datetime-local" {...register('expiresAt')} />
        </Field>
        <Field label="People it can enroll (optional)" error={errors.maxUses?.message} hint="Empty: no limit.">
          <Input type="number" inputMode="numeric" min={1} max={100000} {...register('maxUses')} />
        </Field>
        <Field label="Cohort" error={errors.cohortId?.message}>
          <CohortSelect cohorts={cohorts} noneLabel="No cohort" {...register('cohortId')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting}>Create access code</SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
