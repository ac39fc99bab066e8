// The page that gathers a course's access panels (cohorts, invite links, access codes, events) under the course's
// name, with the way back to its editor. The learners page shows the same panels in its tabs.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import type { AccessCourse } from '../api/course.api'
import { AccessCodesPanel } from './access-codes-panel'
import { CohortsPanel } from './cohorts-panel'
import { EventsPanel } from './events-panel'
import { InvitesPanel } from './invites-panel'

const modes: Record<AccessCourse['enrollmentMode'], string> = {
  open: 'Anyone can enroll in this course.',
  invite: 'People join this course with an invite link.',
  code: 'People join this course with an access code.',
}

export function CourseAccessPage({ course }: { course: AccessCourse }) {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <Link
          to="/studio/courses/$courseId"
          params={{ courseId: course.id }}
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-teal-800 hover:underline"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Back to the course editor
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
          Access to {course.title}
        </h1>
        <p className="text-slate-600">{modes[course.enrollmentMode]}</p>
      </div>
      <Section>
        <InvitesPanel courseId={course.id} />
      </Section>
      <Section>
        <AccessCodesPanel courseId={course.id} />
      </Section>
      <Section>
        <CohortsPanel courseId={course.id} />
      </Section>
      <Section>
        <EventsPanel courseId={course.id} />
      </Section>
    </div>
  )
}

function Section({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">{children}</div>
}
