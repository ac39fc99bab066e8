// The form for a new invite link: expiry (default in 14 days), how many people it admits (default 1), optionally
// only some email domains, optionally into a cohort. What was typed stays when the request fails.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import type { Cohort } from '../api/cohorts.api'
import { useCreateInvite } from '../api/course-access.mutations'
import { localInputInDays, viewerTimeZone } from '../lib/date-time'
import { showServerError } from '../lib/server-errors'
import { inviteFormSchema, type InviteFormInput, type InviteFormValues } from '../schemas/grant.schemas'
import { CohortSelect } from './cohort-select'

interface InviteFormProps {
  courseId: string
  cohorts: Cohort[]
  onCreated: (token: string) => void
  onCancel: () => void
}

const fieldNames = ['expiresAt', 'maxUses', 'domains', 'cohortId'] as const

export function InviteForm({ courseId, cohorts, onCreated, onCancel }: InviteFormProps) {
  const create = useCreateInvite(courseId)
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteFormInput, unknown, InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { expiresAt: localInputInDays(14), maxUses: '1', domains: '', cohortId: '' },
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
      aria-label="New invite link"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={`Expires (${viewerTimeZone()})`} error={errors.expiresAt?.message}>
          <Input type="datetime-local" {...register('expiresAt')} />
        </Field>
        <Field
          label="People it can enroll"
          error={errors.maxUses?.message}
          hint="Each person who accepts uses it once."
        >
          <Input type="number" inputMode="numeric" min={1} max={100000} {...register('maxUses')} />
        </Field>
        <Field
          label="Only these email domains (optional)"
          error={errors.domains?.message}
          hint="For example example.com, school.edu. Leave empty for anyone with the link."
        >
          <Input autoComplete="off" {...register('domains')} />
        </Field>
        <Field label="Cohort" error={errors.cohortId?.message}>
          <CohortSelect cohorts={cohorts} noneLabel="No cohort" {...register('cohortId')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting}>Create invite link</SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
