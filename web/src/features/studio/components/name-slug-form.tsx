// The form behind "New school" and "New course": a name, and a web address suggested from it until the author
// edits it, checked live for uniqueness. The database has the last word: a slug taken in the meantime (23505) or a
// refused field (validation_failed with fields) shows next to its field.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Button } from '@/components/ui/button'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { errorCode, errorFields, errorMessage } from '@/lib/errors'
import { suggestSlug } from '../lib/slug'
import { nameSlugSchema, type NameSlugValues } from '../schemas/studio.schemas'
import { SlugField } from './slug-field'
import { useSlugAvailability } from './use-slug-availability'

export interface NameSlugFormProps {
  kind: 'school' | 'course'
  onCreate: (values: NameSlugValues) => Promise<void>
  onCancel: () => void
}

const copy = {
  school: { name: 'School name', prefix: 'Web address: /schools/', submit: 'Create school' },
  course: { name: 'Course title', prefix: 'Web address: /courses/', submit: 'Create course' },
} as const

export function NameSlugForm({ kind, onCreate, onCancel }: NameSlugFormProps) {
  const [slugEdited, setSlugEdited] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const { register, handleSubmit, control, setValue, setError, formState } = useForm<NameSlugValues>({
    resolver: zodResolver(nameSlugSchema(kind === 'school' ? 'name' : 'title')),
    defaultValues: { name: '', slug: '' },
  })
  const slug = useWatch({ control, name: 'slug' })
  const availability = useSlugAvailability(kind, slug)
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) setValue('slug', suggestSlug(event.target.value), { shouldValidate: formState.isSubmitted })
    },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    if (availability === 'taken') {
      setError('slug', { message: 'Already taken. Choose another web address.' }, { shouldFocus: true })
      return
    }
    try {
      await onCreate(values)
    } catch (error) {
      const fields = errorFields(error)
      if (errorCode(error) === '23505') setError('slug', { message: 'Already taken. Choose another web address.' })
      else if (fields.slug) setError('slug', { message: fields.slug })
      else if (fields.name ?? fields.title) setError('name', { message: fields.name ?? fields.title })
      else setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      <Field label={copy[kind].name} error={formState.errors.name?.message}>
        <Input maxLength={120} {...nameField} />
      </Field>
      <SlugField
        label="Web address"
        prefix={copy[kind].prefix}
        slug={slug}
        availability={availability}
        error={formState.errors.slug?.message}
        {...register('slug', { onChange: () => setSlugEdited(true) })}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={formState.isSubmitting}>{copy[kind].submit}</SubmitButton>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
