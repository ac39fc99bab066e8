// Create an account: name, email and a password of at least 8 characters that is not common or easy to
// guess (the strength meter checks it locally). Auth then emails a confirmation link; the caller shows the
// "check your inbox" state.
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorCode, errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { signUp } from '../api/auth.api'
import { passwordRefusal, preloadPasswordChecker } from '../password/check-password'
import { PasswordMeter } from '../password/password-meter'
import { passwordMinLength, passwordTooShort, signUpSchema, type SignUpValues } from '../schemas/auth.schemas'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'

interface SignUpFormProps {
  redirect?: string | undefined
  /** Called with the address once Auth accepted the sign-up and sent the confirmation email. */
  onSignedUp: (email: string, signedIn: boolean) => void
}

export function SignUpForm({ redirect, onSignedUp }: SignUpFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  })
  const [password, displayName, email] = useWatch({ control, name: ['password', 'displayName', 'email'] })
  const userInputs = [displayName, email]

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    const refusal = await passwordRefusal(values.password, [values.displayName, values.email])
    if (refusal) {
      setError('password', { message: refusal }, { shouldFocus: true })
      return
    }
    try {
      const result = await signUp(supabase, values, redirect)
      onSignedUp(values.email, result.session !== null)
    } catch (error) {
      // Errors about one field go next to it; the rest above the form.
      const code = errorCode(error)
      if (code === 'weak_password') setError('password', { message: passwordTooShort }, { shouldFocus: true })
      else if (code === 'email_address_invalid' || code === 'user_already_exists' || code === 'email_exists')
        setError('email', { message: errorMessage(error) }, { shouldFocus: true })
      else setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      <Field
        label="Your name"
        hint="Shown to instructors and on your certificates."
        error={errors.displayName?.message}
      >
        <Input autoComplete="name" maxLength={60} {...register('displayName')} />
      </Field>
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...register('email')} />
      </Field>
      <Field label="Password" hint={`At least ${passwordMinLength} characters.`} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" onFocus={preloadPasswordChecker} {...register('password')} />
      </Field>
      <PasswordMeter password={password} userInputs={userInputs} className="-mt-2" />
      <SubmitButton busy={isSubmitting}>Create account</SubmitButton>
    </form>
  )
}
