// "Lost your device?": one of the user's recovery codes, spent through the mfa-recovery function. It removes every
// second factor of the account (the user sets one up again) and the session is refreshed to match.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { supabase } from '@/lib/supabase'
import { spendRecoveryCode } from '../api/mfa.api'
import { recoveryCodeSchema, type RecoveryCodeValues } from '../schemas/mfa.schemas'
import { mfaErrorMessage } from './mfa-errors'

export function RecoveryCodeForm({ onRecovered }: { onRecovered: () => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryCodeValues>({ resolver: zodResolver(recoveryCodeSchema), defaultValues: { code: '' } })

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await spendRecoveryCode(supabase, code)
      onRecovered()
    } catch (error) {
      setFormError(mfaErrorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      <Field
        label="Recovery code"
        error={errors.code?.message}
        hint="One of the codes you saved when you set up two-factor sign-in, like abcde-12345. Each works once."
      >
        <Input
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          className="font-mono"
          {...register('code')}
        />
      </Field>
      <SubmitButton busy={isSubmitting}>Use recovery code</SubmitButton>
    </form>
  )
}
