// The signed-in learner's courses on the home page, each with its progress bar; a finished one says "Completed" and
// links to its certificate when it has one. An empty state points to the catalog.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpen, CircleCheck } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { myCertificatesQuery } from '@/lib/certificates/my-certificates'
import { useSession } from '@/lib/use-session'
import type { MyCourse } from '../api/my-courses.api'
import { formatMinutesLeft } from '@/lib/format/duration'
import { plural } from '@/lib/format/plural'
import { CourseCover } from './course-cover'

export function MyCourseList({ courses }: { courses: MyCourse[] }) {
  const { user } = useSession()
  // Not suspense: the list shows at once; the certificate links follow when they arrive.
  const { data: certificates } = useQuery({
    ...myCertificatesQuery(user?.id ?? ''),
    enabled: Boolean(user) && courses.some((item) => item.status === 'completed'),
  })
  if (courses.length === 0) {
    return (
      <EmptyState icon={BookOpen} title="No courses yet">
        <p>When you enroll in a course, it shows up here with your progress, so you can pick up where you left off.</p>
        <Button asChild className="mt-4">
          <Link to="/courses">Browse courses</Link>
        </Button>
      </EmptyState>
    )
  }
  return (
    <section aria-labelledby="my-courses-heading" className="flex flex-col gap-3">
      <h2 id="my-courses-heading" className="text-xl font-semibold text-slate-900">
        My courses
      </h2>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {courses.map((item) => (
          <MyCourseItem
            key={item.enrollmentId}
            item={item}
            certificateCode={certificates?.find((c) => c.courseId === item.course.id && !c.revokedAt)?.code ?? null}
          />
        ))}
      </ul>
    </section>
  )
}

function MyCourseItem({ item, certificateCode }: { item: MyCourse; certificateCode: string | null }) {
  const done = item.status === 'completed'
  const left = item.remainingS
  return (
    <li className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 focus-within:ring-2 focus-within:ring-teal-700 hover:shadow-sm">
      <CourseCover coverPath={item.course.coverPath} className="w-24 shrink-0 self-start rounded-md sm:w-28" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-medium text-slate-900">
          <Link
            to="/courses/$slug"
            params={{ slug: item.course.slug }}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {item.course.title}
          </Link>
        </h3>
        <Progress value={item.percent} aria-label={`${item.course.title}: course progress`} />
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          {done ? (
            <>
              <CircleCheck aria-hidden="true" className="size-4 text-teal-700" />
              Completed
              {certificateCode ? (
                <>
                  {' · '}
                  {/* Above the card's stretched title link, so it takes its own clicks. */}
                  <Link
                    to="/c/$code"
                    params={{ code: certificateCode }}
                    className="relative z-10 font-medium text-teal-800 underline"
                  >
                    View certificate
                    <span className="sr-only">: {item.course.title}</span>
                  </Link>
                </>
              ) : null}
            </>
          ) : (
            <>
              {item.completedCount} of {plural(item.lessonCount, 'lesson')} · {formatMinutesLeft(left)}
            </>
          )}
        </p>
      </div>
    </li>
  )
}
