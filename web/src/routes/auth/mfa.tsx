// /auth/mfa: the second step of signing in for a user with an authenticator app. The password (or emailed link)
// gave an aal1 session; the 6-digit code makes it aal2 and the user continues to `redirect`. "Lost your device?"
// spends a recovery code instead, which turns two-factor sign-in off so the user can set it up again.
import { useEffect, useRef, useState } from 'react'
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { PageLoading } from '@/components/ui/spinner'
import { getSession } from '@/features/auth/api/session'
import { signOut } from '@/features/auth/api/auth.api'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { owesSecondFactor } from '@/features/auth/mfa/api/owes-second-factor'
import { mfaQueries } from '@/features/auth/mfa/api/mfa.queries'
import { mfaErrorMessage } from '@/features/auth/mfa/components/mfa-errors'
import { RecoveryCodeForm } from '@/features/auth/mfa/components/recovery-code-form'
import { TotpCodeForm } from '@/features/auth/mfa/components/totp-code-form'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import * as z from 'zod/mini'
import { supabase } from '@/lib/supabase'

// `recovered`: a recovery code was just spent; the page says two-factor sign-in is off (the session owes nothing now).
// A plain object rather than z.extend: route search schemas are in every page's first load, and extend brings in
// more of zod.
const mfaSearchSchema = z.object({
  redirect: redirectSearchSchema.shape.redirect,
  recovered: z.catch(z.optional(z.boolean()), undefined),
})

export const Route = createFileRoute('/auth/mfa')({
  validateSearch: mfaSearchSchema,
  beforeLoad: async ({ search }) => {
    const session = await getSession(supabase).catch(() => null)
    if (!session) throw redirect({ to: '/auth/sign-in', search: { redirect: search.redirect } })
    if (search.recovered) return { userId: session.user.id }
    // Someone who owes no second factor (none set up, or already verified) has nothing to do here.
    if (!(await owesSecondFactor(supabase).catch(() => false))) throw redirect({ href: search.redirect ?? '/' })
    return { userId: session.user.id }
  },
  head: () => ({ meta: [{ title: 'Two-factor sign-in · Summit' }] }),
  component: MfaPage,
})

type Step = 'code' | 'recovery' | 'recovered'

function MfaPage() {
  const search = Route.useSearch()
  const { userId } = Route.useRouteContext()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const factors = useQuery(mfaQueries.secondFactors(userId))
  const [step, setStep] = useState<Step>(search.recovered ? 'recovered' : 'code')
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  useEffect(() => {
    // Moving between the code and the recovery step moves focus to the new heading.
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [step])

  const continueOn = () => {
    void queryClient.invalidateQueries({ queryKey: mfaQueries.all() })
    // As after a password sign-in: once the app's auth sync has seen the new session.
    setTimeout(() => void navigate({ href: search.redirect ?? '/', replace: true }), 0)
  }

  const signInAsSomeoneElse = async () => {
    await signOut(supabase).catch(() => undefined)
    await navigate({ to: '/auth/sign-in', search: { redirect: search.redirect } })
  }

  const footer = (
    <>
      {step === 'code' ? (
        <button type="button" className={authLinkClass} onClick={() => setStep('recovery')}>
          Lost your device?
        </button>
      ) : step === 'recovery' ? (
        <button type="button" className={authLinkClass} onClick={() => setStep('code')}>
          Use your authenticator app instead
        </button>
      ) : null}
      {step !== 'recovered' ? (
        <button type="button" className={authLinkClass} onClick={() => void signInAsSomeoneElse()}>
          Sign in with another account
        </button>
      ) : null}
    </>
  )

  if (step === 'recovered') {
    return (
      <AuthCard title="Two-factor sign-in is off" headingRef={headingRef}>
        <Alert tone="success" title="You’re signed in">
          Your recovery code worked, and the authenticator apps on your account were removed. Set up two-factor sign-in
          again now, and save the new recovery codes somewhere safe.
        </Alert>
        <Button asChild>
          <Link to="/account" hash="security">
            Set up two-factor sign-in
          </Link>
        </Button>
      </AuthCard>
    )
  }

  if (step === 'recovery') {
    return (
      <AuthCard
        title="Use a recovery code"
        headingRef={headingRef}
        description="Lost the device with your authenticator app? Enter one of your recovery codes. This turns two-factor sign-in off, so you can set it up again on a new device."
        footer={footer}
      >
        <RecoveryCodeForm
          onRecovered={() => {
            void queryClient.invalidateQueries({ queryKey: mfaQueries.all() })
            setStep('recovered')
            // In the URL too: the refreshed session re-checks this route, which must not send the user on.
            void navigate({ to: '/auth/mfa', search: { redirect: search.redirect, recovered: true }, replace: true })
          }}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Two-factor sign-in"
      headingRef={headingRef}
      description="Your account is protected with an authenticator app. Enter the 6-digit code it shows for Summit."
      footer={footer}
    >
      {factors.isPending ? (
        <PageLoading label="Loading your authenticators…" className="py-6" />
      ) : factors.isError ? (
        <>
          <Alert tone="error">{mfaErrorMessage(factors.error)}</Alert>
          <Button variant="outline" onClick={() => void factors.refetch()}>
            Try again
          </Button>
        </>
      ) : factors.data.totp.length === 0 ? (
        <Alert tone="info" title="No authenticator app to ask">
          Your account’s second factor can’t be checked on this page. Use a recovery code, or sign in with a passkey.
        </Alert>
      ) : (
        <TotpCodeForm factors={factors.data.totp} submitLabel="Verify and continue" onVerified={continueOn} />
      )}
    </AuthCard>
  )
}
