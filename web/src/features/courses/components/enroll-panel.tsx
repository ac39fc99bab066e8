// The course page's call to action, by who is looking: enrolled learners see their progress and a link to the next
// lesson (or "Course completed"); visitors are asked to sign in; signed-in learners enroll in open courses with one
// click, and read how to get in for invite-only and access-code courses.
import { Link } from '@tanstack/react-router'
import { CircleCheck, KeyRound, Mail, Play } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { errorMessage } from '@/lib/errors'
import { useEnroll } from '../api/enroll.mutations'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { chooseNextLesson, lessonsInOrder } from '@/lib/courses/lessons'
import { LessonLink } from './lesson-link'

const panelClass = 'flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5'

export function EnrollPanel({ outline }: { outline: CourseOutline }) {
  const { course, viewer } = outline
  const enrollment = viewer.enrollment
  if (enrollment && enrollment.status !== 'removed') return <LearnerPanel outline={outline} />

  return (
    <div className={panelClass}>
      {viewer.is_member ? (
        <MemberNote outline={outline} />
      ) : enrollment?.status === 'removed' ? (
        <p className="text-slate-700">
          You no longer have access to this course. If you think this is a mistake, contact the instructor.
        </p>
      ) : course.enrollment_mode === 'open' ? (
        viewer.signed_in ? (
          <EnrollButton slug={course.slug} />
        ) : (
          <SignInToEnroll slug={course.slug} />
        )
      ) : (
        <ClosedEnrollment mode={course.enrollment_mode} />
      )}
    </div>
  )
}

function LearnerPanel({ outline }: { outline: CourseOutline }) {
  const { course, progress, viewer } = outline
  const completed =
    viewer.enrollment?.status === 'completed' || (progress.total > 0 && progress.completed >= progress.total)
  const next = chooseNextLesson(outline)
  const first = lessonsInOrder(outline).find((lesson) => lesson.available)
  return (
    <div className={panelClass}>
      {completed ? (
        <p className="flex items-center gap-2 font-semibold text-teal-800">
          <CircleCheck aria-hidden="true" className="size-5" />
          Course completed
        </p>
      ) : null}
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id="course-progress-label" className="font-medium text-slate-900">
            Course progress
          </span>
          <span className="text-slate-600 tabular-nums">{progress.percent}%</span>
        </div>
        <Progress value={progress.percent} aria-labelledby="course-progress-label" />
        <p className="text-sm text-slate-600">
          {progress.completed} of {progress.total} {progress.total === 1 ? 'lesson' : 'lessons'} completed
        </p>
      </div>
      {next ? (
        <Button asChild>
          <LessonLink slug={course.slug} lessonId={next.lesson.id}>
            <Play aria-hidden="true" className="size-4" />
            {next.kind === 'start' ? 'Start learning' : 'Continue'}
            <span className="sr-only">: {next.lesson.title}</span>
          </LessonLink>
        </Button>
      ) : completed && first ? (
        <Button asChild variant="outline">
          <LessonLink slug={course.slug} lessonId={first.id}>
            Review the course
          </LessonLink>
        </Button>
      ) : !completed ? (
        <p className="text-sm text-slate-600">Your next lessons are not open yet; the outline says when they open.</p>
      ) : null}
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
          {errorMessage(enroll.error)}
        </Alert>
      ) : null}
    </>
  )
}

function SignInToEnroll({ slug }: { slug: string }) {
  return (
    <>
      <p className="text-slate-700">This course is free. Sign in or create an account to enroll.</p>
      <Button asChild>
        <Link to="/auth/sign-in" search={{ redirect: `/courses/${slug}` }}>
          Sign in to enroll
        </Link>
      </Button>
    </>
  )
}

function ClosedEnrollment({ mode }: { mode: 'invite' | 'code' }) {
  const Icon = mode === 'invite' ? Mail : KeyRound
  return (
    <div className="flex gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="flex flex-col gap-1">
        <p className="font-medium text-slate-900">
          {mode === 'invite' ? 'Enrollment by invitation' : 'Enrollment with an access code'}
        </p>
        <p className="text-sm text-slate-700">
          {mode === 'invite'
            ? 'To join, open the invite link the instructor sent you. Ask the instructor if you need one.'
            : 'To join, you need the access code the instructor gives to their learners. Ask the instructor for it.'}
        </p>
      </div>
    </div>
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
