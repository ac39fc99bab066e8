// The 6-digit code form of sign-in's second step and of the step-up dialog: which authenticator (when the user has
// several), the code (numeric keyboard, one-time-code autofill), and the check that makes the session aal2.
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { supabase } from '@/lib/supabase'
import { verifyTotpCode, type TotpFactor } from '../api/mfa.api'
import { totpCodeSchema, type TotpCodeValues } from '../schemas/mfa.schemas'
import { mfaErrorMessage } from './mfa-errors'

interface TotpCodeFormProps {
  factors: TotpFactor[]
  submitLabel: string
  onVerified: () => void | Promise<void>
  /** Put focus on the code field once shown (in a dialog that opened while loading, focus sat on Close). */
  focusOnShow?: boolean
}

export function TotpCodeForm({ factors, submitLabel, onVerified, focusOnShow = false }: TotpCodeFormProps) {
  const [factorId, setFactorId] = useState(factors[0]?.id ?? '')
  const [formError, setFormError] = useState<string | null>(null)
  const pickerName = useId()
  const {
    register,
    handleSubmit,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } })

  useEffect(() => {
    if (focusOnShow) setFocus('code')
  }, [focusOnShow, setFocus])

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await verifyTotpCode(supabase, factorId, code.replace(/\s+/g, ''))
      await onVerified()
    } catch (error) {
      setFormError(mfaErrorMessage(error))
      // The form error takes focus (and is announced); the spent or wrong code is cleared for the next one.
      setValue('code', '')
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      {factors.length > 1 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-900">Authenticator</legend>
          {factors.map((factor) => (
            <label key={factor.id} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="radio"
                name={pickerName}
                value={factor.id}
                checked={factorId === factor.id}
                onChange={() => setFactorId(factor.id)}
                className="size-4 accent-teal-700"
              />
              {factor.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field
        label="6-digit code"
        error={errors.code?.message}
        hint={factors.length === 1 ? `From ${factors[0]?.name ?? 'your authenticator app'}.` : undefined}
      >
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          spellCheck={false}
          className="font-mono tracking-widest"
          {...register('code')}
        />
      </Field>
      <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  )
}
