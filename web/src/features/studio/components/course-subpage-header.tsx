// The heading of a studio page about one course (learners, analytics): a link back to the course's editor, named
// after the course, and the page's h1.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'

export function CourseSubpageHeader({
  courseId,
  courseTitle,
  children,
}: {
  courseId: string
  courseTitle: string
  /** The h1's content. */
  children: ReactNode
}) {
  return (
    <div className="flex flex-col gap-2">
      <Link
        to="/studio/courses/$courseId"
        params={{ courseId }}
        className="inline-flex w-fit items-center gap-1 rounded-md text-sm font-medium text-teal-800 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {courseTitle}
      </Link>
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {children}
      </h1>
    </div>
  )
}
