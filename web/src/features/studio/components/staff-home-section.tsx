// The staff section of a member's home page: each school I teach in with my role, how many of its courses are
// drafts, published or archived and how many learners they have, the courses edited last, and the way into the
// studio. Learners who teach nowhere see nothing; a failed load says so in place without hiding the learner's home.
// Home's teaching overview puts it under its own heading, so the section's title is a prop.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PenLine } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { plural } from '@/lib/format/plural'
import type { StudioSchool } from '../api/schools.api'
import { studioQueries } from '../api/studio.queries'
import { CourseStatusBadge } from './course-status-badge'

const roleLabel = { owner: 'Owner', instructor: 'Instructor' } as const
const recentCount = 3

export function StaffHomeSection({ userId, title = 'Your teaching' }: { userId: string; title?: string }) {
  const schools = useQuery(studioQueries.schools(userId))
  if (schools.isPending) {
    return (
      <div aria-hidden="true">
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    )
  }
  if (schools.isError) {
    return (
      <Alert tone="error" title="We couldn't load your teaching">
        <p>{errorMessage(schools.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void schools.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (schools.data.length === 0) return null
  return (
    <section aria-labelledby="staff-home" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="staff-home" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Button asChild variant="outline" className="ml-auto">
          <Link to="/studio">
            <PenLine aria-hidden="true" className="size-4" />
            Open the studio
          </Link>
        </Button>
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {schools.data.map((school) => (
          <StaffSchool key={school.id} school={school} />
        ))}
      </ul>
    </section>
  )
}

function StaffSchool({ school }: { school: StudioSchool }) {
  const count = (status: 'draft' | 'published' | 'archived') =>
    school.courses.filter((course) => course.status === status).length
  const learners = school.courses.reduce((sum, course) => sum + course.learner_count, 0)
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-semibold text-slate-900">{school.name}</h3>
        <span className="text-sm text-slate-600">{roleLabel[school.role]}</span>
      </div>
      <p className="text-sm text-slate-700">
        {count('published')} published · {plural(count('draft'), 'draft')} · {count('archived')} archived ·{' '}
        {plural(learners, 'learner')}
      </p>
      {school.courses.length === 0 ? (
        <p className="text-sm text-slate-600">No courses yet.</p>
      ) : (
        <ul aria-label={`Recently edited in ${school.name}`} className="flex flex-col gap-1">
          {school.courses.slice(0, recentCount).map((course) => (
            <li key={course.id} className="flex items-center gap-2 text-sm">
              <Link
                to="/studio/courses/$courseId"
                params={{ courseId: course.id }}
                className="min-w-0 truncate text-teal-800 underline-offset-2 hover:underline"
              >
                {course.title}
              </Link>
              <CourseStatusBadge status={course.status} />
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}
