// /auth/callback: where confirmation and magic-link emails land, and where a social sign-in comes back. An email
// link's session is waited for (useUrlSession); a provider flow started in this browser (`?code=` with its PKCE
// verifier) is exchanged for a session (useSocialCallback). Then it continues to `redirect` (same-origin only) or
// home; an expired or used link, or a refused sign-in, shows why.
import { useEffect, useState } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Alert } from '@/components/ui/alert'
import { PageLoading } from '@/components/ui/spinner'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import { isSocialReturn, useSocialCallback } from '@/features/auth/social'
import { useUrlSession, type UrlSessionState } from '@/features/auth/use-url-session'
import { owesSecondFactor } from '@/features/auth/mfa/api/owes-second-factor'
import { supabase } from '@/lib/supabase'

export const Route = createFileRoute('/auth/callback')({
  validateSearch: redirectSearchSchema,
  head: () => ({ meta: [{ title: 'Signing you in · Summit' }] }),
  component: CallbackPage,
})

function CallbackPage() {
  const [social] = useState(() => isSocialReturn(window.location.href))
  return social ? <SocialCallback /> : <LinkCallback />
}

function LinkCallback() {
  return (
    <CallbackView
      state={useUrlSession()}
      hint="You can sign in with your password, or ask for a new link on the sign-in page."
    />
  )
}

function SocialCallback() {
  return <CallbackView state={useSocialCallback()} hint="You can try again, or sign in with your email address." />
}

function CallbackView({ state, hint }: { state: UrlSessionState; hint: string }) {
  const search = Route.useSearch()
  const navigate = useNavigate()

  useEffect(() => {
    if (state.status !== 'ready') return
    void owesSecondFactor(supabase)
      .catch(() => false)
      .then((owes) =>
        owes
          ? navigate({ to: '/auth/mfa', search, replace: true })
          : navigate({ href: search.redirect ?? '/', replace: true }),
      )
  }, [state.status, navigate, search])

  if (state.status === 'error') {
    return (
      <AuthCard
        title="We couldn't sign you in"
        footer={
          <Link to="/auth/sign-in" search={search} className={authLinkClass}>
            Back to sign in
          </Link>
        }
      >
        <Alert tone="error">
          <p>{state.message}</p>
          <p className="mt-2">{hint}</p>
        </Alert>
      </AuthCard>
    )
  }

  return <PageLoading label="Signing you in…" />
}
