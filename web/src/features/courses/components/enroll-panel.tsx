// The course page's call to action, by who is looking and the course's enrollment mode: enrolled learners see their
// progress (LearnerPanel); teachers of the course get a note; removed learners read why they cannot come back in;
// everyone else joins the way the mode says: one click (open), a code field (code) or an invite link (invite), and
// visitors are asked to sign in first where joining needs an account.
import { lazy, Suspense, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Ban, KeyRound, Mail, type LucideIcon } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { lessonsInOrder } from '@/lib/courses/lessons'
import { useEnroll } from '../api/enroll.mutations'
import { enrollErrorMessage } from '../lib/enroll-error'
import { LearnerPanel } from './learner-panel'
import { LessonLink } from './lesson-link'
import { panelClass } from './panel-class'

// The code and invite forms bring a form library and full zod with them: only courses that need them load them.
const AccessCodeForm = lazy(() => import('./access-code-form').then((m) => ({ default: m.AccessCodeForm })))
const InviteLinkForm = lazy(() => import('./invite-link-form').then((m) => ({ default: m.InviteLinkForm })))

export function EnrollPanel({ outline }: { outline: CourseOutline }) {
  const enrollment = outline.viewer.enrollment
  if (enrollment && enrollment.status !== 'removed') return <LearnerPanel outline={outline} />

  return <div className={panelClass}>{joinOptions(outline)}</div>
}

function joinOptions(outline: CourseOutline): ReactNode {
  const { course, viewer } = outline
  if (viewer.is_member) return <MemberNote outline={outline} />
  if (viewer.enrollment?.status === 'removed') {
    return (
      <Notice icon={Ban} title="You no longer have access">
        The instructor removed you from this course, so its lessons are closed to you; your progress is kept. If you
        think this is a mistake, contact the instructor.
      </Notice>
    )
  }
  if (course.status !== 'published') {
    return (
      <Notice icon={Ban} title="Not open for enrollment">
        This course is not taking new learners right now.
      </Notice>
    )
  }
  switch (course.enrollment_mode) {
    case 'open':
      return viewer.signed_in ? <EnrollButton slug={course.slug} /> : <SignInToEnroll slug={course.slug} />
    case 'code':
      return (
        <>
          <Notice icon={KeyRound} title="Enrollment with an access code">
            You need the access code your instructor gives to their learners.
          </Notice>
          {viewer.signed_in ? (
            <Suspense fallback={<FormPlaceholder />}>
              <AccessCodeForm slug={course.slug} />
            </Suspense>
          ) : (
            <SignInLink slug={course.slug}>Sign in to enter your code</SignInLink>
          )}
        </>
      )
    case 'invite':
      return (
        <>
          <Notice icon={Mail} title="Enrollment by invitation">
            You need an invite to join this course. Open the invite link your instructor sent you, or ask them for one.
          </Notice>
          <Suspense fallback={<FormPlaceholder />}>
            <InviteLinkForm />
          </Suspense>
        </>
      )
  }
}

function FormPlaceholder() {
  return <Skeleton className="h-24 w-full" />
}

function Notice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="flex flex-col gap-1">
        <h2 className="font-medium text-slate-900">{title}</h2>
        <p className="text-sm text-slate-700">{children}</p>
      </div>
    </div>
  )
}

function EnrollButton({ slug }: { slug: string }) {
  const enroll = useEnroll()
  return (
    <>
      <p className="text-slate-700">This course is free and open to everyone.</p>
      <Button onClick={() => enroll.mutate({ slug })} disabled={enroll.isPending}>
        {enroll.isPending ? 'Enrolling…' : 'Enroll for free'}
      </Button>
      {enroll.isError ? (
        <Alert tone="error" title="You could not be enrolled">
          {enrollErrorMessage(enroll.error)}
        </Alert>
      ) : null}
    </>
  )
}

function SignInToEnroll({ slug }: { slug: string }) {
  return (
    <>
      <p className="text-slate-700">This course is free. Sign in or create an account to enroll.</p>
      <SignInLink slug={slug}>Sign in to enroll</SignInLink>
    </>
  )
}

function SignInLink({ slug, children }: { slug: string; children: ReactNode }) {
  return (
    <Button asChild>
      <Link to="/auth/sign-in" search={{ redirect: `/courses/${slug}` }}>
        {children}
      </Link>
    </Button>
  )
}

function MemberNote({ outline }: { outline: CourseOutline }) {
  const first = lessonsInOrder(outline)[0]
  return (
    <>
      <p className="text-slate-700">You teach this course, so every lesson is open to you.</p>
      {first ? (
        <Button asChild variant="outline">
          <LessonLink slug={outline.course.slug} lessonId={first.id}>
            Open the first lesson
          </LessonLink>
        </Button>
      ) : null}
    </>
  )
}
