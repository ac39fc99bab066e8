// /invitations/$invitationId, where an invitation's email lands: the course an instructor invited me to, to accept
// or decline. An invitation that is not (or no longer) mine to answer is one quiet message; the heading takes focus
// when the page opens and when the answer changes it.
import { useEffect, useRef, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { MailOpen, MailX, TriangleAlert } from 'lucide-react'
import { PageMessage, useRouteRetry } from '@/components/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { courseInvitationQueries } from '../api/invitations.queries'
import { InvitationAnswer } from './invitation-answer'
import { invitationGone } from './invitation-errors'

type Answer = { kind: 'accepted'; slug: string } | { kind: 'declined' } | null

export function InvitationPage({ userId, invitationId }: { userId: string; invitationId: string }) {
  const { data: invitations } = useSuspenseQuery(courseInvitationQueries.mine(userId))
  const [answer, setAnswer] = useState<Answer>(null)
  // The invitation as it was when the page opened: answering takes it off my list, the page still names it.
  const [invitation] = useState(() => invitations.find((item) => item.id === invitationId))
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => heading.current?.focus(), [answer])

  if (!invitation) {
    return (
      <PageMessage
        icon={MailX}
        title="This invitation is not open"
        actions={
          <Button asChild>
            <Link to="/">Go to your home page</Link>
          </Button>
        }
      >
        <p>{invitationGone} Ask the instructor to invite the address you sign in with.</p>
      </PageMessage>
    )
  }

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6">
      <MailOpen aria-hidden="true" className="size-8 text-teal-800" />
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
        {answer?.kind === 'accepted'
          ? `You joined ${invitation.course_title}`
          : answer?.kind === 'declined'
            ? 'Invitation declined'
            : `Join ${invitation.course_title}?`}
      </h1>
      {answer === null ? (
        <>
          <p className="text-slate-700">
            <strong>{invitation.school_name}</strong> invited you to learn in <strong>{invitation.course_title}</strong>
            {invitation.cohort_name ? <> with the cohort {invitation.cohort_name}</> : null}. You join the course only
            if you accept; the instructors then see your name and your progress.
          </p>
          <InvitationAnswer
            userId={userId}
            invitation={invitation}
            onAccepted={(slug) => setAnswer({ kind: 'accepted', slug })}
            onDeclined={() => setAnswer({ kind: 'declined' })}
          />
        </>
      ) : answer.kind === 'accepted' ? (
        <div>
          <Button asChild>
            <Link to="/courses/$slug" params={{ slug: answer.slug }}>
              Open the course
            </Link>
          </Button>
        </div>
      ) : (
        <p className="text-slate-700">
          {invitation.school_name} will not add you to {invitation.course_title}.{' '}
          <Link to="/" className="font-medium text-teal-800 underline">
            Go to your home page
          </Link>
        </p>
      )}
    </section>
  )
}

export function InvitationPageSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <p role="status" className="sr-only">
        Loading the invitation…
      </p>
      <Skeleton className="size-8" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-11 w-48" />
    </div>
  )
}

export function InvitationLoadError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset)
  return (
    <PageMessage
      tone="alert"
      icon={TriangleAlert}
      title="We couldn't open this invitation"
      actions={<Button onClick={retry}>Try again</Button>}
    >
      <p>{errorMessage(error)} The invitation still waits for you; it will open once Summit can be reached.</p>
    </PageMessage>
  )
}
