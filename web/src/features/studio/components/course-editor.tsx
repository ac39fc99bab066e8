// The /studio/courses/$courseId screen: the course's name, state and public address on top, then its details (autosaved), its
// curriculum and what publishing needs.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChartColumn, ChevronLeft, CircleHelp, Megaphone } from 'lucide-react'
import { studioQueries } from '../api/studio.queries'
import { CourseAddress } from './course-address'
import { CourseStatusBadge } from './course-status-badge'
import { DetailsForm } from './details-form'
import { EditorSection } from './editor-section'
import { LazyCurriculumBuilder } from './lazy-curriculum-builder'
import { LazyPublishPanel } from './lazy-publish-panel'

export function CourseEditor({ courseId }: { courseId: string }) {
  const { data: course } = useSuspenseQuery(studioQueries.details(courseId))
  // The route answers not-found before rendering; a course deleted meanwhile shows nothing rather than crashing.
  if (!course) return null

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to="/studio"
          className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-teal-800 hover:underline"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          Studio
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
            {course.title}
          </h1>
          <CourseStatusBadge status={course.status} />
          <Link
            to="/studio/courses/$courseId/learners"
            params={{ courseId: course.id }}
            className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-teal-800 hover:underline"
          >
            Learners
          </Link>
          <Link
            to="/studio/courses/$courseId/questions"
            params={{ courseId: course.id }}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-teal-800 hover:underline"
          >
            <CircleHelp aria-hidden="true" className="size-4" />
            Questions
          </Link>
          <Link
            to="/studio/courses/$courseId/announcements"
            params={{ courseId: course.id }}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-teal-800 hover:underline"
          >
            <Megaphone aria-hidden="true" className="size-4" />
            Announcements
          </Link>
          <Link
            to="/studio/courses/$courseId/analytics"
            params={{ courseId: course.id }}
            className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-teal-800 hover:underline"
          >
            <ChartColumn aria-hidden="true" className="size-4" />
            Analytics
          </Link>
        </div>
        <CourseAddress course={course} />
      </div>
      <EditorSection id="details" title="Details">
        <DetailsForm key={course.id} course={course} />
      </EditorSection>
      <EditorSection id="curriculum" title="Curriculum">
        <LazyCurriculumBuilder courseId={course.id} />
      </EditorSection>
      <EditorSection id="publishing" title="Publishing">
        <LazyPublishPanel course={course} />
      </EditorSection>
    </div>
  )
}
