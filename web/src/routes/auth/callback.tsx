// /auth/callback: where confirmation and magic-link emails land. It waits for the link's session,
// then continues to `redirect` (same-origin only) or home; an expired or used link shows why.
import { useEffect } from 'react'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Alert } from '@/components/ui/alert'
import { PageLoading } from '@/components/ui/spinner'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import { useUrlSession } from '@/features/auth/use-url-session'

export const Route = createFileRoute('/auth/callback')({
  validateSearch: redirectSearchSchema,
  head: () => ({ meta: [{ title: 'Signing you in · Summit' }] }),
  component: CallbackPage,
})

function CallbackPage() {
  const search = Route.useSearch()
  const state = useUrlSession()
  const navigate = useNavigate()

  useEffect(() => {
    if (state.status === 'ready') void navigate({ href: search.redirect ?? '/', replace: true })
  }, [state.status, navigate, search.redirect])

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
          <p className="mt-2">You can sign in with your password, or ask for a new link on the sign-in page.</p>
        </Alert>
      </AuthCard>
    )
  }

  return <PageLoading label="Signing you in…" />
}
