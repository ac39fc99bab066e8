// Adding an authenticator app, in one dialog: name it, scan the QR code (or type the secret), type the
// first code, then save the recovery codes made for this account right away. Closing the dialog before
// the code is verified removes the half-made factor, so a new attempt starts clean.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorCode } from '@/lib/errors'
import type { TotpEnrollment } from '../api/mfa.api'
import { useCreateRecoveryCodes, useDiscardEnrollment, useEnrollTotp, useVerifyTotp } from '../api/security.mutations'
import { securityErrorMessage } from '../lib/security-errors'
import { useSecurityTools } from '../lib/security-tools'
import {
  factorNameSchema,
  totpCodeSchema,
  type FactorNameValues,
  type TotpCodeValues,
} from '../schemas/security.schemas'
import { CopyButton } from '@/components/copy-button'
import { RecoveryCodesPanel } from './recovery-codes-panel'

type Step =
  | { name: 'name' }
  | { name: 'scan'; enrollment: TotpEnrollment }
  | { name: 'codes'; codes: string[] | null; error: string | null }

interface TotpEnrollDialogProps {
  userId: string
  email: string | undefined
  open: boolean
  onOpenChange: (open: boolean) => void
}

export function TotpEnrollDialog({ userId, email, open, onOpenChange }: TotpEnrollDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'name' })
  const discard = useDiscardEnrollment(userId)

  const close = () => {
    if (step.name === 'scan') discard.mutate(step.enrollment.factorId)
    setStep({ name: 'name' })
    onOpenChange(false)
  }

  const titles = {
    name: 'Add an authenticator app',
    scan: 'Scan the code with your app',
    codes: 'Save your recovery codes',
  } as const

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-lg" onInteractOutside={(event) => event.preventDefault()}>
        <DialogTitle>{titles[step.name]}</DialogTitle>
        {step.name === 'name' ? (
          <NameStep userId={userId} onEnrolled={(enrollment) => setStep({ name: 'scan', enrollment })} />
        ) : null}
        {step.name === 'scan' ? (
          <ScanStep
            userId={userId}
            enrollment={step.enrollment}
            onVerified={(codes, error) => setStep({ name: 'codes', codes, error })}
            onCancel={close}
          />
        ) : null}
        {step.name === 'codes' ? (
          <CodesStep
            userId={userId}
            email={email}
            codes={step.codes}
            error={step.error}
            onCodes={(codes) => setStep({ name: 'codes', codes, error: null })}
            onDone={close}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function NameStep({ userId, onEnrolled }: { userId: string; onEnrolled: (enrollment: TotpEnrollment) => void }) {
  const [formError, setFormError] = useState<string | null>(null)
  const enroll = useEnrollTotp(userId)
  const { guard } = useSecurityTools()
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FactorNameValues>({
    resolver: zodResolver(factorNameSchema),
    defaultValues: { name: 'Authenticator app' },
  })

  const onSubmit = handleSubmit(async ({ name }) => {
    setFormError(null)
    try {
      // A second app needs a session confirmed with the first one.
      onEnrolled(await guard(() => enroll.mutateAsync(name)))
    } catch (error) {
      setFormError(securityErrorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogDescription>
        An authenticator app (such as Google Authenticator, 1Password or Authy) shows a new 6-digit code every 30
        seconds. Summit will ask for it when you sign in.
      </DialogDescription>
      <FormError message={formError} />
      <Field label="Name" hint="So you can tell your apps apart, like “Work phone”." error={errors.name?.message}>
        <Input autoComplete="off" maxLength={60} {...register('name')} />
      </Field>
      <div>
        <SubmitButton busy={isSubmitting}>Continue</SubmitButton>
      </div>
    </form>
  )
}

/** Refusals about the code itself, shown next to the field. */
const codeErrors = new Set(['mfa_verification_failed', 'mfa_challenge_expired', 'invalid_code'])

interface ScanStepProps {
  userId: string
  enrollment: TotpEnrollment
  onVerified: (codes: string[] | null, error: string | null) => void
  onCancel: () => void
}

function ScanStep({ userId, enrollment, onVerified, onCancel }: ScanStepProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const verify = useVerifyTotp(userId)
  const createCodes = useCreateRecoveryCodes(userId, { guarded: false })
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } })

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null)
    try {
      await verify.mutateAsync({ factorId: enrollment.factorId, code })
    } catch (error) {
      if (codeErrors.has(errorCode(error) ?? '')) {
        setError('code', { message: securityErrorMessage(error) }, { shouldFocus: true })
      } else setFormError(securityErrorMessage(error))
      return
    }
    // The session is aal2 now: the recovery codes can be made at once.
    try {
      onVerified(await createCodes.mutateAsync(), null)
    } catch (error) {
      onVerified(null, securityErrorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <DialogDescription>
        In your authenticator app, add an account and scan this QR code. Then type the 6-digit code the app shows.
      </DialogDescription>
      <FormError message={formError} />
      <img
        src={enrollment.qrCode}
        alt="QR code to add your Summit account to an authenticator app"
        width={176}
        height={176}
        className="size-44 self-center rounded-md border border-slate-200 bg-white p-2"
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-700">Can’t scan it? Type this key into the app instead:</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="totp-secret"
            className="rounded-md bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900"
          >
            {enrollment.secret}
          </code>
          <CopyButton text={enrollment.secret} label="Copy key" />
        </div>
      </div>
      <Field label="Code from the app" error={errors.code?.message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          spellCheck={false}
          className="max-w-40 font-mono tracking-widest"
          {...register('code')}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={isSubmitting}>Verify and turn on</SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

interface CodesStepProps {
  userId: string
  email: string | undefined
  codes: string[] | null
  error: string | null
  onCodes: (codes: string[]) => void
  onDone: () => void
}

function CodesStep({ userId, email, codes, error, onCodes, onDone }: CodesStepProps) {
  const createCodes = useCreateRecoveryCodes(userId, { guarded: true })
  const [retryError, setRetryError] = useState<string | null>(null)
  if (codes) return <RecoveryCodesPanel codes={codes} email={email} onSaved={onDone} />
  return (
    <div className="flex flex-col gap-4">
      <DialogDescription>Your authenticator app is on. Now make recovery codes for when you lose it.</DialogDescription>
      <FormError message={retryError ?? error} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          type="button"
          busy={createCodes.isPending}
          onClick={() => {
            setRetryError(null)
            createCodes.mutate(undefined, {
              onSuccess: onCodes,
              onError: (failure) => setRetryError(securityErrorMessage(failure)),
            })
          }}
        >
          Make recovery codes
        </SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Later
        </Button>
      </div>
    </div>
  )
}
