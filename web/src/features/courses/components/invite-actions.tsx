// Accepting a valid invite: visitors are sent to sign in or create an account and brought back here (the invite
// page's own path is the `redirect`, kept through the confirmation email); signed-in learners accept and land on
// the course page enrolled. A refusal (expired meanwhile, used up, another email domain, removed) shows as a sentence.
import { Link, useNavigate } from '@tanstack/react-router'
import { FormError } from '@/components/form-error'
import { SubmitButton } from '@/components/submit-button'
import { Button } from '@/components/ui/button'
import { PageLoading } from '@/components/ui/spinner'
import { errorCode } from '@/lib/errors'
import { useSession } from '@/lib/use-session'
import type { InvitePreview } from '../api/invite.api'
import { useAcceptInvite } from '../api/enroll.mutations'
import { enrollErrorMessage } from '../lib/enroll-error'
import { listDomains } from '../lib/invite-domains'

export function InviteActions({ token, preview }: { token: string; preview: InvitePreview }) {
  const { user, isLoading } = useSession()
  if (isLoading) return <PageLoading label="Checking whether you are signed in…" className="py-4" />
  if (!user) return <SignInFirst token={token} />
  return <AcceptInvite token={token} preview={preview} email={user.email ?? null} />
}

function SignInFirst({ token }: { token: string }) {
  const back = { redirect: `/invite/${token}` }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">Sign in to accept, or create a free account first. You will come back here.</p>
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/auth/sign-in" search={back}>
            Sign in to accept
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth/sign-up" search={back}>
            Create an account
          </Link>
        </Button>
      </div>
    </div>
  )
}

function AcceptInvite({ token, preview, email }: { token: string; preview: InvitePreview; email: string | null }) {
  const accept = useAcceptInvite()
  const navigate = useNavigate()
  const slug = preview.course.slug
  const domains = preview.allowed_email_domains
  const domain = email?.split('@').at(-1)?.toLowerCase()
  const otherDomain = domains !== null && domain !== undefined && !domains.includes(domain)

  const onAccept = () =>
    accept.mutate(
      { token, slug },
      { onSuccess: () => void navigate({ to: '/courses/$slug', params: { slug }, replace: true }) },
    )

  const message = accept.isError
    ? errorCode(accept.error) === 'email_domain_not_allowed' && domains
      ? `This invite is only for email addresses at ${listDomains(domains)}. Sign in with such an address, or ask the instructor.`
      : enrollErrorMessage(accept.error)
    : null

  return (
    <div className="flex flex-col gap-3">
      <FormError message={message} />
      {email ? (
        <p className="text-sm text-slate-700">
          You are signed in as <strong className="font-medium text-slate-900">{email}</strong>.
          {otherDomain ? ` This invite is for ${listDomains(domains)} addresses, so it may not work for this one.` : ''}
        </p>
      ) : null}
      <SubmitButton type="button" busy={accept.isPending} onClick={onAccept} className="self-start">
        {accept.isPending ? 'Joining…' : 'Accept the invitation'}
      </SubmitButton>
    </div>
  )
}
