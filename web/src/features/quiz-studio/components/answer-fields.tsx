// The kind-specific part of the question editor: options with the right ones ticked, true or false, accepted
// answers, or a number with its tolerance.
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Field, FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { maxOptions, optionId } from '../lib/import-question'
import type { QuestionFormValues } from '../schemas/question-form.schema'
import { textareaClass } from './prompt-field'

export function AnswerFields() {
  const { control, register, formState } = useFormContext<QuestionFormValues>()
  const kind = useWatch({ control, name: 'kind' })
  const { errors } = formState
  if (kind === 'single' || kind === 'multiple') return <OptionFields />
  if (kind === 'true_false')
    return (
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-900">The right answer</legend>
        <div className="flex gap-6">
          {(['true', 'false'] as const).map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-2 text-base text-slate-900">
              <input type="radio" value={value} className="size-5 accent-teal-700" {...register('true_false')} />
              {value === 'true' ? 'True' : 'False'}
            </label>
          ))}
        </div>
      </fieldset>
    )
  if (kind === 'short_answer')
    return (
      <Field
        label="Accepted answers"
        hint="One a line. Case, extra spaces and accents written differently are ignored."
        error={errors.accepted_answers?.message}
      >
        <textarea rows={3} className={textareaClass} {...register('accepted_answers')} />
      </Field>
    )
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Right number" error={errors.numeric_answer?.message}>
        <Input inputMode="decimal" {...register('numeric_answer')} />
      </Field>
      <Field label="Tolerance (±)" hint="0 for an exact answer." error={errors.tolerance?.message}>
        <Input inputMode="decimal" {...register('tolerance')} />
      </Field>
    </div>
  )
}

function OptionFields() {
  const { control, register, formState } = useFormContext<QuestionFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: 'options' })
  const error = formState.errors.options?.message ?? formState.errors.options?.root?.message
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'question-options-error' : undefined}>
      <legend className="text-sm font-medium text-slate-900">Options (tick the right ones)</legend>
      <ol className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const letter = optionId(index).toUpperCase()
          return (
            <li key={field.id} className="flex items-center gap-2">
              <Controller
                control={control}
                name={`options.${index}.right`}
                render={({ field: right }) => (
                  <Checkbox
                    checked={right.value}
                    onCheckedChange={(checked) => right.onChange(checked === true)}
                    aria-label={`Option ${letter} is right`}
                  />
                )}
              />
              <Input aria-label={`Option ${letter}`} maxLength={500} {...register(`options.${index}.text`)} />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${letter}`}
                disabled={fields.length <= 2}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </li>
          )
        })}
      </ol>
      <Button
        variant="outline"
        className="w-fit"
        disabled={fields.length >= maxOptions}
        onClick={() => append({ text: '', right: false })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add option
      </Button>
      {error ? <FieldError id="question-options-error">{error}</FieldError> : null}
    </fieldset>
  )
}
