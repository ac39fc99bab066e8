// The studio's "New announcement" form: a title, the message in markdown with a Preview toggle showing it as
// learners will, the audience (the whole course or one cohort) and when (now, or a chosen time in the viewer's zone).
// What was typed stays when the database refuses (the rate limit, a field), with its sentence next to the field or
// above the button; a sent or scheduled announcement clears the form and says so.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { errorFields } from '@/lib/errors'
import { announcementQueries, useCreateAnnouncement } from '../api/announcements.queries'
import { announcementErrorMessage } from '../lib/announcement-state'
import { announcementFormSchema, type AnnouncementFormValues } from '../schemas/announcement.schema'

const fieldOf: Record<string, keyof AnnouncementFormValues> = { title: 'title', body_md: 'bodyMd', send_at: 'sendAt' }

function inAnHour(): string {
  const at = new Date(Date.now() + 60 * 60 * 1000)
  at.setSeconds(0, 0)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

export function AnnouncementForm({ courseId }: { courseId: string }) {
  const cohorts = useQuery(announcementQueries.cohorts(courseId))
  const create = useCreateAnnouncement(courseId)
  const [preview, setPreview] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const { register, handleSubmit, setError, reset, control, setValue, formState } = useForm<AnnouncementFormValues>({
    resolver: zodResolver(announcementFormSchema),
    defaultValues: { title: '', bodyMd: '', cohortId: '', when: 'now', sendAt: inAnHour() },
  })
  const { errors } = formState
  const [when, body] = useWatch({ control, name: ['when', 'bodyMd'] })
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    setDone(null)
    try {
      await create.mutateAsync({
        cohortId: values.cohortId === '' ? null : values.cohortId,
        title: values.title,
        bodyMd: values.bodyMd,
        sendAt: values.when === 'later' ? new Date(values.sendAt).toISOString() : null,
      })
      reset({ title: '', bodyMd: '', cohortId: values.cohortId, when: 'now', sendAt: inAnHour() })
      setPreview(false)
      setDone(values.when === 'later' ? 'Announcement scheduled.' : 'Announcement sent.')
    } catch (error) {
      let placed = false
      for (const [name, message] of Object.entries(errorFields(error))) {
        const field = fieldOf[name]
        if (field) {
          setError(field, { message })
          placed = true
        }
      }
      if (!placed) setFormError(announcementErrorMessage(error))
    }
  })

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-announcement"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="new-announcement" className="text-lg font-semibold text-slate-900">
        New announcement
      </h2>
      <Field label="Title" error={errors.title?.message}>
        <Input maxLength={120} autoComplete="off" {...register('title')} />
      </Field>
      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-medium text-slate-900">Message</span>
          <Button
            type="button"
            variant="outline"
            className="h-9"
            aria-pressed={preview}
            onClick={() => setPreview((shown) => !shown)}
          >
            {preview ? 'Back to writing' : 'Preview'}
          </Button>
        </div>
        {preview ? (
          <section
            aria-label="Preview of the message"
            className="min-h-32 rounded-md border border-slate-200 bg-slate-50 p-3"
          >
            {body.trim() ? (
              <LazyMarkdown source={body} headingOffset={2} />
            ) : (
              <p className="text-sm text-slate-600">Nothing written yet.</p>
            )}
          </section>
        ) : (
          <Field
            label={<span className="sr-only">Message</span>}
            hint="Markdown: headings, lists, links, emphasis."
            error={errors.bodyMd?.message}
          >
            <textarea
              rows={8}
              className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600"
              {...register('bodyMd')}
            />
          </Field>
        )}
      </div>
      <Field label="Send to" error={errors.cohortId?.message}>
        <select
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          {...register('cohortId')}
        >
          <option value="">Every learner of the course</option>
          {cohorts.data?.map((cohort) => (
            <option key={cohort.id} value={cohort.id}>
              Cohort: {cohort.name}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">When</legend>
        <RadioGroup
          value={when}
          onValueChange={(value) => setValue('when', value === 'later' ? 'later' : 'now')}
          aria-label="When"
        >
          <div className="flex items-center gap-2">
            <RadioGroupItem id="announcement-now" value="now" />
            <Label htmlFor="announcement-now">Send now</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="announcement-later" value="later" />
            <Label htmlFor="announcement-later">Schedule for later</Label>
          </div>
        </RadioGroup>
        {when === 'later' ? (
          <Field label={`Send at (${zone})`} error={errors.sendAt?.message}>
            <Input type="datetime-local" {...register('sendAt')} />
          </Field>
        ) : null}
      </fieldset>
      <FormError message={formError} />
      {done ? (
        <p role="status" className="text-sm text-teal-800">
          {done}
        </p>
      ) : null}
      <div>
        <SubmitButton busy={formState.isSubmitting}>
          {when === 'later' ? 'Schedule announcement' : 'Send announcement'}
        </SubmitButton>
      </div>
    </form>
  )
}
