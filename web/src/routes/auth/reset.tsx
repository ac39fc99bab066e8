// /auth/reset: where the recovery email lands. Once the link's session is in place, the user picks
// a new password and goes on signed in.
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { Alert } from '@/components/ui/alert'
import { PageLoading } from '@/components/ui/spinner'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { NewPasswordForm } from '@/features/auth/components/new-password-form'
import { useUrlSession } from '@/features/auth/use-url-session'

export const Route = createFileRoute('/auth/reset')({
  head: () => ({ meta: [{ title: 'Choose a new password · Summit' }] }),
  component: ResetPage,
})

function ResetPage() {
  const state = useUrlSession()
  const navigate = useNavigate()

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <Link to="/auth/sign-in" className={authLinkClass}>
          Back to sign in
        </Link>
      }
    >
      {state.status === 'loading' ? <PageLoading label="Checking your link…" className="py-4" /> : null}
      {state.status === 'error' ? (
        <Alert tone="error" title="This reset link can't be used">
          <p>{state.message}</p>
          <p className="mt-2">
            <Link to="/auth/forgot" className={authLinkClass}>
              Send a new reset link
            </Link>
          </p>
        </Alert>
      ) : null}
      {state.status === 'ready' ? (
        <NewPasswordForm onChanged={() => void navigate({ to: '/account', search: { passwordChanged: true } })} />
      ) : null}
    </AuthCard>
  )
}
