// One school on the studio home: its name, my role, the ways to its members and its public page's settings, its
// courses (state, learners, last edit, a link to the editor) and, for its members, "New course", which lands in the
// new course's editor.
import { useState } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { BookOpen, Palette, Plus, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { StudioSchool } from '../api/schools.api'
import { useCreateCourse } from '../api/studio.mutations'
import { CourseStatusBadge } from './course-status-badge'
import { FirstCourseSteps } from './first-course-steps'
import { LazyNameSlugForm } from './lazy-name-slug-form'
import { plural } from '@/lib/format/plural'

const lastEdit = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const roleLabel = { owner: 'Owner', instructor: 'Instructor' } as const

export function SchoolCard({ school, userId }: { school: StudioSchool; userId: string }) {
  const [creating, setCreating] = useState(false)
  const createCourse = useCreateCourse(userId)
  const navigate = useNavigate()
  const headingId = `school-${school.id}`

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {school.name}
        </h2>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
          {roleLabel[school.role]}
        </span>
        <Link
          to="/studio/schools/$schoolId/members"
          params={{ schoolId: school.id }}
          aria-label={`Members of ${school.name}`}
          className="flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          <Users aria-hidden="true" className="size-4" />
          Members
        </Link>
        <Link
          to="/studio/schools/$schoolId/page"
          params={{ schoolId: school.id }}
          aria-label={`School page of ${school.name}`}
          className="flex items-center gap-1 text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
        >
          <Palette aria-hidden="true" className="size-4" />
          School page
        </Link>
        {creating || school.courses.length === 0 ? null : (
          <Button variant="outline" className="ml-auto" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New course
          </Button>
        )}
      </div>
      {creating ? (
        <div className="rounded-lg border border-slate-200 p-4">
          <h3 className="mb-3 font-medium text-slate-900">New course in {school.name}</h3>
          <LazyNameSlugForm
            kind="course"
            onCancel={() => setCreating(false)}
            onCreate={async ({ name, slug }) => {
              const course = await createCourse.mutateAsync({ schoolId: school.id, title: name, slug })
              await navigate({ to: '/studio/courses/$courseId', params: { courseId: course.id } })
            }}
          />
          <p className="mt-3 text-sm text-slate-600">
            Learners who finish it get a certificate; you can turn that off in the course's details.
          </p>
        </div>
      ) : null}
      {school.courses.length === 0 && !creating ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-slate-300 p-4">
          <p className="flex items-center gap-2 text-slate-700">
            <BookOpen aria-hidden="true" className="size-5 text-slate-400" />
            No courses yet. Next, your first course:
          </p>
          <FirstCourseSteps current={2} />
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Create your first course
          </Button>
        </div>
      ) : school.courses.length === 0 ? null : (
        <ul className="divide-y divide-slate-200">
          {school.courses.map((course) => (
            <li key={course.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <Link
                to="/studio/courses/$courseId"
                params={{ courseId: course.id }}
                className="min-w-0 flex-1 basis-48 font-medium break-words text-teal-800 underline-offset-2 hover:underline"
              >
                {course.title}
              </Link>
              <CourseStatusBadge status={course.status} />
              <span className="text-sm text-slate-600">{plural(course.learner_count, 'learner')}</span>
              <span className="text-sm text-slate-600">Edited {lastEdit.format(new Date(course.updated_at))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
