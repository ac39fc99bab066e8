// The form for a live session or a deadline, new or edited: title, start (and end and an https join link for live
// sessions), for the whole course or one cohort. Times are in the viewer's zone. What was typed stays on failure.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import type { Cohort } from '../api/cohorts.api'
import type { EventInput, PlannedEvent } from '../api/events.api'
import { localInputInDays, toLocalInput, viewerTimeZone } from '../lib/date-time'
import { showServerError } from '../lib/server-errors'
import { eventFormSchema, type EventFormInput, type EventFormValues } from '../schemas/schedule.schemas'
import { CohortSelect } from './cohort-select'

interface EventFormProps {
  initial?: PlannedEvent
  cohorts: Cohort[]
  onSave: (input: EventInput) => Promise<unknown>
  onDone: () => void
}

const fieldNames = ['kind', 'title', 'startsAt', 'endsAt', 'joinUrl', 'cohortId'] as const

function defaults(initial: PlannedEvent | undefined): EventFormInput {
  if (initial) {
    return {
      kind: initial.kind,
      title: initial.title,
      startsAt: toLocalInput(initial.startsAt),
      endsAt: initial.endsAt ? toLocalInput(initial.endsAt) : '',
      joinUrl: initial.joinUrl ?? '',
      cohortId: initial.cohortId ?? '',
    }
  }
  const start = localInputInDays(7)
  return { kind: 'live', title: '', startsAt: start, endsAt: '', joinUrl: '', cohortId: '' }
}

export function EventForm({ initial, cohorts, onSave, onDone }: EventFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, setError, control, formState } = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: defaults(initial),
  })
  const kind = useWatch({ control, name: 'kind' })
  const { errors } = formState
  const zone = viewerTimeZone()

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
      aria-label={initial ? `Edit ${initial.title}` : 'New event'}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kind" error={errors.kind?.message}>
          <select
            className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900"
            {...register('kind')}
          >
            <option value="live">Live session</option>
            <option value="deadline">Deadline</option>
          </select>
        </Field>
        <Field label="Title" error={errors.title?.message}>
          <Input maxLength={120} autoComplete="off" {...register('title')} />
        </Field>
        <Field label={`${kind === 'live' ? 'Starts' : 'Due'} (${zone})`} error={errors.startsAt?.message}>
          <Input type="datetime-local" {...register('startsAt')} />
        </Field>
        {kind === 'live' ? (
          <>
            <Field label={`Ends (${zone})`} error={errors.endsAt?.message}>
              <Input type="datetime-local" {...register('endsAt')} />
            </Field>
            <Field label="Join link (optional)" error={errors.joinUrl?.message} hint="An https:// link to the meeting.">
              <Input type="url" inputMode="url" autoComplete="off" {...register('joinUrl')} />
            </Field>
          </>
        ) : null}
        <Field label="For" error={errors.cohortId?.message}>
          <CohortSelect cohorts={cohorts} noneLabel="Every learner of the course" {...register('cohortId')} />
        </Field>
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting}>{initial ? 'Save event' : 'Create event'}</SubmitButton>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
