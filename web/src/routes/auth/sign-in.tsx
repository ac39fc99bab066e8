// /auth/sign-in: password or emailed link. `redirect` (same-origin paths only) says where to go
// afterwards; a visitor who is already signed in goes there at once.
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { getSession } from '@/features/auth/api/session'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import { supabase } from '@/lib/supabase'

export const Route = createFileRoute('/auth/sign-in')({
  validateSearch: redirectSearchSchema,
  beforeLoad: async ({ search }) => {
    const session = await getSession(supabase).catch(() => null)
    if (session) throw redirect({ href: search.redirect ?? '/' })
  },
  head: () => ({ meta: [{ title: 'Sign in · Summit' }] }),
  component: SignInPage,
})

function SignInPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()

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
      <SignInForm
        redirect={search.redirect}
        onSignedIn={() => {
          // After the app's auth sync (a task queued on SIGNED_IN) has reset the caches, not before: otherwise the
          // next page's loader fetches its data and the reset fetches it again.
          setTimeout(() => void navigate({ href: search.redirect ?? '/' }), 0)
        }}
      />
    </AuthCard>
  )
}
