// A course in a grid (catalog, featured courses): cover, title linking to the course page, subtitle, and a line
// of facts (level, length, school). The whole card is clickable through the title link's stretched overlay; the
// school's name is its own link to the school's page, lifted above that overlay.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Clock, School } from 'lucide-react'
import { Skeleton } from '@/components/ui/skeleton'
import type { CourseCard as CourseCardData } from '../api/courses.api'
import { levelLabel } from '../lib/format'
import { cardCoverSizes } from '../lib/cover-url'
import { CourseCover } from './course-cover'
import { Length } from './length'

interface CourseCardProps {
  course: CourseCardData
  headingLevel?: 'h2' | 'h3'
  /** Off on the school's own page, where every card would name the same school. */
  showSchool?: boolean
}

export function CourseCard({ course, headingLevel = 'h2', showSchool = true }: CourseCardProps) {
  const Heading = headingLevel
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-teal-700 hover:shadow-md">
      <CourseCover coverPath={course.coverPath} sizes={cardCoverSizes} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-base font-semibold text-slate-900">
          <Link
            to="/courses/$slug"
            params={{ slug: course.slug }}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-teal-800"
          >
            {course.title}
          </Link>
        </Heading>
        {course.subtitle ? <p className="line-clamp-2 text-sm text-slate-600">{course.subtitle}</p> : null}
        <dl className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm text-slate-600">
          <dt className="sr-only">Level</dt>
          <dd className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {levelLabel(course.level)}
          </dd>
          <dt className="sr-only">Length</dt>
          <dd className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            <Length seconds={course.durationS} />
          </dd>
          {showSchool && course.schoolName ? (
            <>
              <dt className="sr-only">School</dt>
              <dd className="flex min-w-0 items-center gap-1">
                <School aria-hidden="true" className="size-4 shrink-0" />
                {course.schoolSlug ? (
                  <Link
                    to="/schools/$slug"
                    params={{ slug: course.schoolSlug }}
                    className="relative z-10 truncate underline-offset-2 hover:text-teal-800 hover:underline"
                  >
                    {course.schoolName}
                  </Link>
                ) : (
                  <span className="truncate">{course.schoolName}</span>
                )}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </article>
  )
}

export function CourseCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <Skeleton className="aspect-video rounded-none" />
      <div className="flex flex-col gap-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  )
}

export function CourseGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
}
