// The school's courses in the public catalog, as the catalog's cards, with their own loading, empty and error
// states (the page above them is already shown).
import { useQuery } from '@tanstack/react-query'
import { BookOpen } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { courseQueries } from '@/features/courses/api/courses.queries'
import { CourseCard, CourseCardSkeleton, CourseGrid } from '@/features/courses/components/course-card'
import { errorMessage } from '@/lib/errors'

export function SchoolCourses({ schoolId, schoolName }: { schoolId: string; schoolName: string }) {
  const courses = useQuery(courseQueries.bySchool(schoolId))
  return (
    <section
      aria-labelledby="school-courses-heading"
      aria-busy={courses.isPending || undefined}
      className="flex flex-col gap-4"
    >
      <h2 id="school-courses-heading" className="text-xl font-semibold text-slate-900">
        Courses
      </h2>
      {courses.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading the courses…
          </p>
          <CourseGrid>
            {Array.from({ length: 3 }, (_, index) => (
              <CourseCardSkeleton key={index} />
            ))}
          </CourseGrid>
        </>
      ) : courses.isError ? (
        <Alert tone="error">
          <p>The courses could not be loaded. {errorMessage(courses.error)}</p>
          <Button variant="outline" className="mt-2" onClick={() => void courses.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : courses.data.length === 0 ? (
        <EmptyState icon={BookOpen} title="No courses yet" as="h3">
          <p>{schoolName} has no course in the catalog right now.</p>
        </EmptyState>
      ) : (
        <CourseGrid>
          {courses.data.map((course) => (
            <CourseCard key={course.id} course={course} headingLevel="h3" showSchool={false} />
          ))}
        </CourseGrid>
      )}
    </section>
  )
}
