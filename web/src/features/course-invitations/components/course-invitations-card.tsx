// Home's invitations to learn: each course an instructor invited my (confirmed) address to, with its school and
// cohort, to accept (I am enrolled and the course joins my list below) or decline. Nothing shows while loading or
// when there are none; a failure to check says so, quietly.
import { useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MailOpen } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { courseInvitationQueries } from '../api/invitations.queries'
import { InvitationAnswer } from './invitation-answer'

export function CourseInvitationsCard({ userId }: { userId: string }) {
  const { data: invitations, isError } = useQuery(courseInvitationQueries.mine(userId))
  const [joined, setJoined] = useState<{ slug: string; title: string } | null>(null)
  const joinedRef = useRef<HTMLParagraphElement>(null)

  // The Accept button leaves with its invitation: focus goes to what happened instead of the page's start.
  useEffect(() => joinedRef.current?.focus(), [joined])

  if (isError) {
    return <Alert tone="error">We could not check for course invitations. Reload the page to try again.</Alert>
  }
  const pending = invitations ?? []
  if (pending.length === 0 && !joined) return null

  return (
    <section
      aria-labelledby="course-invitations-heading"
      className="flex flex-col gap-3 rounded-xl border border-teal-200 bg-teal-50 p-5"
    >
      <h2 id="course-invitations-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MailOpen aria-hidden="true" className="size-5 text-teal-800" />
        Course invitations
      </h2>
      {joined ? (
        <p ref={joinedRef} tabIndex={-1} role="status" className="text-slate-900 focus:outline-none">
          You joined <strong>{joined.title}</strong>.{' '}
          <Link to="/courses/$slug" params={{ slug: joined.slug }} className="font-medium text-teal-800 underline">
            Open the course
          </Link>
        </p>
      ) : null}
      {pending.length > 0 ? (
        <ul className="flex flex-col divide-y divide-teal-100">
          {pending.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center"
            >
              <p className="min-w-0 flex-1 text-slate-900">
                <strong>{invitation.school_name}</strong> invited you to learn in{' '}
                <strong>{invitation.course_title}</strong>
                {invitation.cohort_name ? <> (cohort {invitation.cohort_name})</> : null}.
              </p>
              <InvitationAnswer
                userId={userId}
                invitation={invitation}
                onAccepted={(slug) => setJoined({ slug, title: invitation.course_title })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
