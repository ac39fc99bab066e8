// /auth/sign-up: create an account, then "check your inbox" for the confirmation link, which comes
// back through /auth/callback (carrying `redirect`).
import { useEffect, useRef, useState } from 'react'
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { getSession } from '@/features/auth/api/session'
import { AuthCard, authLinkClass } from '@/features/auth/components/auth-card'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import { redirectSearchSchema } from '@/features/auth/schemas/redirect'
import { SocialSignIn } from '@/features/auth/social'
import { supabase } from '@/lib/supabase'

export const Route = createFileRoute('/auth/sign-up')({
  validateSearch: redirectSearchSchema,
  beforeLoad: async ({ search }) => {
    const session = await getSession(supabase).catch(() => null)
    if (session) throw redirect({ href: search.redirect ?? '/' })
  },
  head: () => ({ meta: [{ title: 'Create an account · Summit' }] }),
  component: SignUpPage,
})

function SignUpPage() {
  const search = Route.useSearch()
  const navigate = useNavigate()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (sentTo) headingRef.current?.focus()
  }, [sentTo])

  if (sentTo) {
    return (
      <AuthCard
        title="Check your inbox"
        headingRef={headingRef}
        description={
          <p>
            We sent a confirmation link to <strong className="font-medium text-slate-900">{sentTo}</strong>. Open it to
            finish creating your account. It expires in an hour.
          </p>
        }
        footer={
          <p>
            Wrong address?{' '}
            <button type="button" className={authLinkClass} onClick={() => setSentTo(null)}>
              Start again
            </button>
          </p>
        }
      >
        <MailCheck aria-hidden="true" className="mx-auto size-12 text-teal-700" />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Create your account"
      description="Learn at your own pace and keep track of your progress."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/auth/sign-in" search={search} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <SignUpForm
        redirect={search.redirect}
        onSignedUp={(email, signedIn) =>
          // With email confirmations off (not the local default), Auth signs the user in at once.
          signedIn ? void navigate({ href: search.redirect ?? '/' }) : setSentTo(email)
        }
      />
      <SocialSignIn redirect={search.redirect} />
    </AuthCard>
  )
}
