// Choose a new password (after following a recovery link): typed twice, at least 8 characters, and not
// common or easy to guess (checked locally by the strength meter).
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorCode, errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { updatePassword } from '../api/auth.api'
import { passwordRefusal, preloadPasswordChecker } from '../password/check-password'
import { PasswordMeter } from '../password/password-meter'
import { newPasswordSchema, passwordMinLength, type NewPasswordValues } from '../schemas/auth.schemas'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'

export function NewPasswordForm({ onChanged }: { onChanged: () => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
  })
  const password = useWatch({ control, name: 'password' })

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null)
    const refusal = await passwordRefusal(password)
    if (refusal) {
      setError('password', { message: refusal }, { shouldFocus: true })
      return
    }
    try {
      await updatePassword(supabase, password)
      onChanged()
    } catch (error) {
      const code = errorCode(error)
      if (code === 'weak_password' || code === 'same_password') {
        setError('password', { message: errorMessage(error) }, { shouldFocus: true })
      } else setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      <Field label="New password" hint={`At least ${passwordMinLength} characters.`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" onFocus={preloadPasswordChecker} {...register('password')} />
      </Field>
      <PasswordMeter password={password} className="-mt-2" />
      <Field label="Confirm new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirm')} />
      </Field>
      <SubmitButton busy={isSubmitting}>Save new password</SubmitButton>
    </form>
  )
}
