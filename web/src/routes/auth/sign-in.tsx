// /auth/sign-in: password, emailed link or passkey. `redirect` (same-origin paths only) says where to go
// afterwards; a visitor who is already signed in goes there at once. A user with an authenticator app continues to
// /auth/mfa for the code first (a passkey sign-in counts as both factors).
import { lazy, Suspense, useCallback } from 'react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { getSession } from '@/features/auth/api/session'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { owesSecondFactor } from '@/features/auth/mfa/api/owes-second-factor'
import { browserSupportsPasskeys, passkeySettingsQuery } from '@/features/auth/mfa/api/passkey-settings'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import { SocialSignIn } from '@/features/auth/social'
import { supabase } from '@/lib/supabase'

// The passkey button and its WebAuthn calls load only where passkeys are on and the browser has WebAuthn.
const SignInPasskey = lazy(() =>
  import('@/features/auth/components/sign-in-passkey').then((module) => ({ default: module.SignInPasskey })),
)

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: redirectSearchSchema,
  beforeLoad: async ({ search }) => {
    const session = await getSession(supabase).catch(() => null)
    if (session && (await owesSecondFactor(supabase).catch(() => false))) throw redirect({ to: '/auth/mfa', search })
    if (session) throw redirect({ href: search.redirect ?? '/' })
  },
  head: () => ({ meta: [{ title: 'Sign in · Summit' }] }),
  component: SignInPage,
})

function SignInPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const passkeys = useQuery({ ...passkeySettingsQuery, enabled: browserSupportsPasskeys() })

  const onSignedIn = useCallback(() => {
    // After the app's auth sync (a task queued on SIGNED_IN) has reset the caches, not before: otherwise the next
    // page's loader fetches its data and the reset fetches it again. A second factor is asked for first.
    setTimeout(() => {
      void owesSecondFactor(supabase)
        .catch(() => false)
        .then((owes) => (owes ? navigate({ to: '/auth/mfa', search }) : navigate({ href: search.redirect ?? '/' })))
    }, 0)
  }, [navigate, search])

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to pick up where you left off."
      footer={
        <>
          <Link to="/auth/forgot" className={authLinkClass}>
            Forgot your password?
          </Link>
          <p>
            New to Summit?{' '}
            <Link to="/auth/sign-up" search={search} className={authLinkClass}>
              Create an account
            </Link>
          </p>
        </>
      }
    >
      <SignInForm redirect={search.redirect} onSignedIn={onSignedIn} />
      {passkeys.data ? (
        <Suspense fallback={null}>
          <SignInPasskey onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
      <SocialSignIn redirect={search.redirect} />
    </AuthCard>
  )
}
