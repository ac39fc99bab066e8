// The study plan editor on /calendar: one card per course the learner is enrolled in, each with its plan's state
// and form; a way to find a course when there is none, and a retry when the courses or plans cannot be loaded.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { BookOpen } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { planQueries } from '../api/plans.queries'
import { StudyPlanCard } from './study-plan-card'

export function StudyPlansSection({ userId, zone }: { userId: string; zone: string }) {
  const courses = useQuery(planQueries.courses(userId))
  const plans = useQuery(planQueries.plans(userId))
  return (
    <section aria-labelledby="study-plans-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="study-plans-heading" className="text-xl font-semibold text-slate-900">
          Study plans
        </h2>
        <p className="text-slate-600">
          Pick the days and time you study a course, and Summit lays out sessions that cover what is left of it.
        </p>
      </div>
      {courses.isPending || plans.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your study plans…
          </p>
          <Skeleton className="h-72 w-full rounded-xl" />
        </>
      ) : courses.isError || plans.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-slate-700">
          <p>Your study plans could not be loaded. {errorMessage(courses.error ?? plans.error)}</p>
          <Button
            variant="outline"
            onClick={() => {
              void courses.refetch()
              void plans.refetch()
            }}
          >
            Try again
          </Button>
        </div>
      ) : courses.data.length === 0 ? (
        <EmptyState icon={BookOpen} title="No course to plan yet" as="h3" className="py-8">
          <p>Enroll in a course, then plan when you study it.</p>
          <Button asChild className="mt-4">
            <Link to="/courses">Find a course</Link>
          </Button>
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-4">
          {courses.data.map((course) => (
            <StudyPlanCard
              key={course.id}
              userId={userId}
              course={course}
              plan={plans.data.find((plan) => plan.course_id === course.id) ?? null}
              zone={zone}
            />
          ))}
        </div>
      )}
    </section>
  )
}
