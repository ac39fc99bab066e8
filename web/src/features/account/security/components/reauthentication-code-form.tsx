// The second step of a secure password change: the code Auth emailed to the user, with a way to send a
// new one and to go back.
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { emailCodeSchema, type EmailCodeValues } from '../schemas/security.schemas'
import { securityErrorMessage } from '../lib/security-errors'

interface ReauthenticationCodeFormProps {
  email: string | undefined
  onSubmitCode: (code: string) => Promise<void>
  onResend: () => Promise<void>
  onCancel: () => void
}

export function ReauthenticationCodeForm({ email, onSubmitCode, onResend, onCancel }: ReauthenticationCodeFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const [resending, setResending] = useState(false)
  const headingRef = useRef<HTMLParagraphElement>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailCodeValues>({ resolver: zodResolver(emailCodeSchema), defaultValues: { code: '' } })

  useEffect(() => headingRef.current?.focus(), [])

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await onSubmitCode(code)
    } catch (error) {
      setFormError(securityErrorMessage(error))
    }
  })

  const resend = async () => {
    setFormError(null)
    setResent(false)
    setResending(true)
    try {
      await onResend()
      setResent(true)
    } catch (error) {
      setFormError(securityErrorMessage(error))
    } finally {
      setResending(false)
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Confirm password change">
      <p ref={headingRef} tabIndex={-1} className="text-slate-700 focus:outline-none">
        To keep your account safe, confirm the change with the code we just emailed to{' '}
        <span className="font-medium break-all">{email ?? 'your address'}</span>.
      </p>
      <FormError message={formError} />
      <div aria-live="polite">{resent ? <Alert tone="success">We sent a new code.</Alert> : null}</div>
      <Field label="Code from the email" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          spellCheck={false}
          className="max-w-48 font-mono tracking-widest"
          {...register('code')}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>Confirm and change password</SubmitButton>
        <Button variant="outline" onClick={() => void resend()} disabled={resending} aria-busy={resending || undefined}>
          Send a new code
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
