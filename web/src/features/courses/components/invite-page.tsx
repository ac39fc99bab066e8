// /invite/$token: what the invite leads to (course, school, cohort, until when) and the way to accept it for the
// viewer: visitors sign in or create an account first and come back here (the token rides along in `redirect`,
// through email confirmation too); signed-in learners accept and land on the course page, enrolled. Expired,
// used-up and closed links, and refusals when accepting, are said in sentences.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { CalendarDays, Clock, Mail } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import type { InvitePreview } from '../api/invite.api'
import { InviteActions } from './invite-actions'
import { listDomains } from '../lib/invite-domains'
import { CourseCover } from './course-cover'

const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' })

export function InvitePage({ token, preview }: { token: string; preview: InvitePreview }) {
  const { course, cohort } = preview
  return (
    <article aria-labelledby="invite-heading" className="mx-auto flex w-full max-w-xl flex-col gap-5">
      <p className="flex items-center gap-2 text-sm font-medium text-teal-800">
        <Mail aria-hidden="true" className="size-4" />
        {course.school ? `${course.school.name} invites you to a course` : 'You are invited to a course'}
      </p>
      <CourseCover coverPath={course.cover_path} eager className="rounded-xl" />
      <div className="flex flex-col gap-2">
        <h1 id="invite-heading" className="text-2xl font-semibold text-balance text-slate-900 sm:text-3xl">
          {course.title}
        </h1>
        {course.subtitle ? <p className="text-lg text-slate-700">{course.subtitle}</p> : null}
      </div>
      <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
        {cohort ? (
          <Detail icon={CalendarDays}>
            You will join the group “{cohort.name}”, starting{' '}
            <time dateTime={cohort.starts_at}>{dateFormat.format(new Date(cohort.starts_at))}</time>.
          </Detail>
        ) : null}
        {preview.state === 'valid' ? (
          <Detail icon={Clock}>
            This link works until{' '}
            <time dateTime={preview.expires_at}>{dateFormat.format(new Date(preview.expires_at))}</time>.
          </Detail>
        ) : null}
        {preview.allowed_email_domains ? (
          <Detail icon={Mail}>
            It is for people with an email address at {listDomains(preview.allowed_email_domains)}.
          </Detail>
        ) : null}
      </ul>
      {preview.state === 'valid' ? (
        <InviteActions token={token} preview={preview} />
      ) : (
        <UnusableInvite preview={preview} />
      )}
    </article>
  )
}

function Detail({ icon: Icon, children }: { icon: typeof Clock; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{children}</span>
    </li>
  )
}

const unusable = {
  expired: {
    title: 'This invite link has expired',
    text: 'Invite links work for a limited time. Ask the instructor for a new one.',
  },
  used_up: {
    title: 'This invite link has been used up',
    text: 'It has been used as many times as it allows. Ask the instructor for a new one.',
  },
  closed: { title: 'This course is closed', text: 'It is not taking new learners right now.' },
} as const

function UnusableInvite({ preview }: { preview: InvitePreview }) {
  if (preview.state === 'valid') return null
  const { title, text } = unusable[preview.state]
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="error" title={title}>
        {text}
      </Alert>
      <p className="text-sm text-slate-700">
        Already joined with this link?{' '}
        <Link
          to="/courses/$slug"
          params={{ slug: preview.course.slug }}
          className="font-medium text-teal-800 underline underline-offset-2"
        >
          Go to the course
        </Link>
      </p>
      <Button asChild variant="outline" className="self-start">
        <Link to="/courses">Browse other courses</Link>
      </Button>
    </div>
  )
}
