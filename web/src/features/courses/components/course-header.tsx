// The top of a course page: cover, school, title, subtitle, the facts line (level, length, lessons, language) and
// who teaches it. The page may pass its own school line (the school page's "by <School>" link) for the plain name.
import type { ReactNode } from 'react'
import { BookOpen, Clock, Languages, School } from 'lucide-react'
import type { OutlineCourse } from '@/lib/courses/course-outline.schema'
import { languageLabel, levelLabel } from '../lib/format'
import { CourseCover } from './course-cover'
import { Length } from './length'
import { plural } from '@/lib/format/plural'

export function CourseHeader({ course, school }: { course: OutlineCourse; school?: ReactNode }) {
  const instructors = course.instructors.map((instructor) => instructor.display_name).filter(Boolean)
  return (
    <header className="flex flex-col gap-5 md:flex-row-reverse md:items-start">
      <CourseCover coverPath={course.cover_path} eager className="w-full shrink-0 rounded-xl md:w-72" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {school ?? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-teal-800">
            <School aria-hidden="true" className="size-4" />
            {course.school.name}
          </p>
        )}
        {/* What the instructor wrote is in the course's language (WCAG 3.1.2), the page around it in English. */}
        <h1
          lang={course.language}
          className="text-2xl font-semibold tracking-tight text-balance text-slate-900 sm:text-3xl"
        >
          {course.title}
        </h1>
        {course.subtitle ? (
          <p lang={course.language} className="text-lg text-slate-700">
            {course.subtitle}
          </p>
        ) : null}
        <dl className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-700">
          <dt className="sr-only">Level</dt>
          <dd className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium">{levelLabel(course.level)}</dd>
          <dt className="sr-only">Total length</dt>
          <dd className="flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4" />
            <Length seconds={course.duration_s} />
          </dd>
          <dt className="sr-only">Lessons</dt>
          <dd className="flex items-center gap-1.5">
            <BookOpen aria-hidden="true" className="size-4" />
            {plural(course.lesson_count, 'lesson')}
          </dd>
          <dt className="sr-only">Language</dt>
          <dd className="flex items-center gap-1.5">
            <Languages aria-hidden="true" className="size-4" />
            {languageLabel(course.language)}
          </dd>
        </dl>
        {instructors.length > 0 ? (
          <p className="text-sm text-slate-700">
            Taught by <span className="font-medium text-slate-900">{listFormat.format(instructors)}</span>
          </p>
        ) : null}
      </div>
    </header>
  )
}

const listFormat = new Intl.ListFormat(undefined, { style: 'long', type: 'conjunction' })
