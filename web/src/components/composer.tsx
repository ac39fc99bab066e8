// A form with one markdown text area (a note, a question, an answer): checked with a zod schema before sending, what
// is typed kept as a draft on this device until it is sent (see lib/drafts), and the database's refusals (too long,
// too many in an hour) said next to the field in its own words. A failed send leaves the text where it was.
import { useEffect, useId, useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import * as z from 'zod/mini'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { clearDraft, readDraft, writeDraft } from '@/lib/drafts'
import { errorCode, errorMessage } from '@/lib/errors'

export interface ComposerProps {
  label: string
  hint?: ReactNode
  /** Where the draft is kept; null keeps none (e.g. editing text that is saved already). */
  draftKey: string | null
  initialText?: string
  schema: z.ZodMiniType<string, string>
  submitLabel: string
  busyLabel: string
  rows?: number
  /** Moves focus into the text area when the form appears (after the person asked for it: Edit, Answer). */
  focusOnMount?: boolean
  /** Shown between the text area and the buttons (e.g. "at 3:12"). */
  extra?: ReactNode
  onSubmit: (text: string) => Promise<unknown>
  onCancel?: () => void
}

/** The database's own sentence for a refusal about the text, or null for other failures. */
export function textRefusal(error: unknown): string | null {
  const code = errorCode(error)
  if (code !== 'validation_failed' && code !== 'rate_limited') return null
  const message = (error as { message?: unknown }).message
  return typeof message === 'string' && message !== '' ? message : errorMessage(error)
}

export function Composer(props: ComposerProps) {
  const { draftKey, schema } = props
  const hintId = useId()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<{ text: string }>({
    resolver: zodResolver(z.object({ text: schema })),
    defaultValues: { text: (draftKey ? readDraft(draftKey) : '') || (props.initialText ?? '') },
  })
  const { register, handleSubmit, setError, setFocus, reset, formState } = form

  const { focusOnMount } = props
  useEffect(() => {
    if (focusOnMount) setFocus('text')
  }, [focusOnMount, setFocus])

  const onSubmit = handleSubmit(async ({ text }) => {
    setFormError(null)
    try {
      await props.onSubmit(text)
      if (draftKey) clearDraft(draftKey)
      reset({ text: '' })
    } catch (error) {
      const refusal = textRefusal(error)
      if (refusal) setError('text', { message: refusal }, { shouldFocus: true })
      else setFormError(`${errorMessage(error)} Your text is kept here; send it again when you are ready.`)
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <FormError message={formError} />
      <Field label={props.label} hint={props.hint} error={formState.errors.text?.message} id={`${hintId}-text`}>
        <textarea
          rows={props.rows ?? 3}
          className="w-full rounded-md border border-slate-300 bg-white p-3 text-base text-slate-900 aria-[invalid=true]:border-red-600"
          {...register('text', {
            onChange: (event: { target: { value: string } }) => draftKey && writeDraft(draftKey, event.target.value),
          })}
        />
      </Field>
      {props.extra}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={formState.isSubmitting}>
          {formState.isSubmitting ? props.busyLabel : props.submitLabel}
        </SubmitButton>
        {props.onCancel ? (
          <Button variant="outline" onClick={props.onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  )
}
