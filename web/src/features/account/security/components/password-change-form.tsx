// Change the password: typed twice, checked by the strength meter. With Auth's secure password change on,
// a session older than a day must confirm with a code Auth emails; the form then asks for it and sends
// the change again with the code. A user with a second factor confirms it first (step-up, in the mutation).
import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Alert } from '@/components/ui/alert'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorCode } from '@/lib/errors'
import { useChangePassword, useSendReauthenticationCode } from '../api/security.mutations'
import { securityErrorMessage } from '../lib/security-errors'
import { useSecurityTools } from '../lib/security-tools'
import { newPasswordSchema, type NewPasswordValues } from '../schemas/security.schemas'
import { ReauthenticationCodeForm } from './reauthentication-code-form'

interface PasswordChangeFormProps {
  email: string | undefined
  displayName?: string | undefined
}

export function PasswordChangeForm({ email, displayName }: PasswordChangeFormProps) {
  const { password: tools } = useSecurityTools()
  const [formError, setFormError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  /** The new password waiting for the emailed code. */
  const [pending, setPending] = useState<string | null>(null)
  const doneRef = useRef<HTMLDivElement>(null)
  const change = useChangePassword()
  const sendCode = useSendReauthenticationCode()
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema(tools.passwordMinLength)),
    defaultValues: { password: '', confirm: '' },
  })
  const typed = useWatch({ control, name: 'password' })
  const userInputs = [email ?? '', displayName ?? '']

  const finish = () => {
    setPending(null)
    reset()
    setDone(true)
  }
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null)
    setDone(false)
    const refusal = await tools.passwordRefusal(values.password, userInputs)
    if (refusal) {
      setError('password', { message: refusal }, { shouldFocus: true })
      return
    }
    try {
      const result = await change.mutateAsync({ password: values.password })
      if (result === 'changed') return finish()
      await sendCode.mutateAsync()
      setPending(values.password)
    } catch (error) {
      const code = errorCode(error)
      if (code === 'weak_password' || code === 'same_password') {
        setError('password', { message: securityErrorMessage(error) }, { shouldFocus: true })
      } else setFormError(securityErrorMessage(error))
    }
  })

  if (pending !== null) {
    return (
      <ReauthenticationCodeForm
        email={email}
        onSubmitCode={async (nonce) => {
          await change.mutateAsync({ password: pending, nonce })
          finish()
        }}
        onResend={() => sendCode.mutateAsync()}
        onCancel={() => setPending(null)}
      />
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change password">
      {/* For password managers: the account this new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
      <FormError message={formError} />
      {done ? (
        <Alert ref={doneRef} tabIndex={-1} tone="success" className="focus:outline-none">
          Your password is changed. Other devices signed in to your account were signed out.
        </Alert>
      ) : null}
      <Field
        label="New password"
        hint={`At least ${tools.passwordMinLength} characters.`}
        error={errors.password?.message}
      >
        <Input
          type="password"
          autoComplete="new-password"
          onFocus={tools.preloadPasswordChecker}
          {...register('password')}
        />
      </Field>
      <tools.PasswordMeter password={typed} userInputs={userInputs} className="-mt-2" />
      <Field label="Confirm new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirm')} />
      </Field>
      <div>
        <SubmitButton busy={isSubmitting}>Change password</SubmitButton>
      </div>
    </form>
  )
}
