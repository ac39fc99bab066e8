// Ask for a password reset email. The answer is the same whether or not an account exists, so the
// form cannot be used to find out who has one.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { sendPasswordReset } from '../api/auth.api'
import { emailOnlySchema, type EmailOnlyValues } from '../schemas/auth.schemas'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'

export function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailOnlyValues>({ resolver: zodResolver(emailOnlySchema), defaultValues: { email: '' } })

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      await sendPasswordReset(supabase, email)
      onSent(email)
    } catch (error) {
      setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />
      </Field>
      <SubmitButton busy={isSubmitting}>Send reset link</SubmitButton>
    </form>
  )
}
