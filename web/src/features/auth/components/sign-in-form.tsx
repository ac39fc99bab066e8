// Sign in with a password, or ask for a one-time sign-in link by email (magic link) using the same
// email field. On success the caller navigates to where the visitor was going.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@/lib/zod-resolver'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { errorMessage } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { sendMagicLink, signInWithPassword } from '../api/auth.api'
import { emailOnlySchema, signInSchema, type SignInValues } from '../schemas/auth.schemas'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'

interface SignInFormProps {
  redirect?: string | undefined
  onSignedIn: () => void
}

export function SignInForm({ redirect, onSignedIn }: SignInFormProps) {
  const [formError, setFormError] = useState<string | null>(null)
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null)
  const [sendingLink, setSendingLink] = useState(false)
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } })

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(null)
    setLinkSentTo(null)
    try {
      await signInWithPassword(supabase, email, password)
      onSignedIn()
    } catch (error) {
      setFormError(errorMessage(error))
    }
  })

  async function onEmailLink() {
    setFormError(null)
    setLinkSentTo(null)
    const parsed = emailOnlySchema.safeParse({ email: getValues('email') })
    if (!parsed.success) {
      setError('email', { message: parsed.error.issues[0]?.message ?? 'Enter your email address.' })
      setFocus('email')
      return
    }
    setSendingLink(true)
    try {
      await sendMagicLink(supabase, parsed.data.email, redirect)
      setLinkSentTo(parsed.data.email)
    } catch (error) {
      setFormError(errorMessage(error))
    } finally {
      setSendingLink(false)
    }
  }

  const busy = isSubmitting || sendingLink
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormError message={formError} />
      {linkSentTo ? (
        <Alert tone="success" title="Check your inbox">
          If an account exists for {linkSentTo}, we've sent it a sign-in link. It works once and expires in an hour.
        </Alert>
      ) : null}
      <Field label="Email" error={errors.email?.message}>
        {/* "webauthn" lets the browser offer passkeys in this field's autofill (conditional UI). */}
        <Input
          type="email"
          autoComplete="username webauthn"
          inputMode="email"
          spellCheck={false}
          {...register('email')}
        />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <SubmitButton busy={isSubmitting} disabled={busy}>
        Sign in
      </SubmitButton>
      <div className="flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="outline" onClick={onEmailLink} disabled={busy} aria-busy={sendingLink || undefined}>
        {sendingLink ? <Spinner /> : null}
        Email me a sign-in link
      </Button>
    </form>
  )
}
