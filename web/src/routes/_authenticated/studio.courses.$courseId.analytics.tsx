// /studio/courses/$courseId/analytics: how the course's learners do (funnel, where they stop, median time per lesson,
// at-risk learners), live. The cohort and enrollment date range are URL search params. An unknown course, or one
// of another school, is not-found without retries; a member who is neither its instructor nor the school's owner
// reads the calls' refusal in place.
import { createFileRoute } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'
import { AnalyticsPage } from '@/features/analytics/components/analytics-page'
import { analyticsSearchSchema, type AnalyticsSearch } from '@/features/analytics/schemas/analytics-search.schema'
import { loadStudioCourseTitle } from '@/features/studio/api/course-title.loader'
import { CourseSubpageHeader } from '@/features/studio/components/course-subpage-header'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/analytics')({
  validateSearch: analyticsSearchSchema,
  loader: ({ context: { queryClient }, params }) => loadStudioCourseTitle(queryClient, params.courseId),
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `Analytics · ${loaderData.title} · Studio · Summit` : 'Analytics · Studio · Summit' }],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: AnalyticsRoute,
})

function AnalyticsRoute() {
  const { courseId } = Route.useParams()
  const { title } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = (patch: Partial<AnalyticsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })

  return (
    <div className="flex flex-col gap-6">
      <CourseSubpageHeader courseId={courseId} courseTitle={title}>
        <ChartColumn aria-hidden="true" className="size-7 text-teal-700" />
        Analytics
      </CourseSubpageHeader>
      <AnalyticsPage courseId={courseId} search={search} onSearchChange={onSearchChange} />
    </div>
  )
}
