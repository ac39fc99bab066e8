// /studio/courses/$courseId/questions: the course's question bank (search and tag in the URL), with import from
// GIFT, Aiken and CSV. An unknown course, or one of another school, is not-found without retries.
import { createFileRoute } from '@tanstack/react-router'
import { CircleHelp } from 'lucide-react'
import { QuestionBankPage } from '@/features/quiz-studio/components/question-bank-page'
import { bankSearchSchema, type BankSearch } from '@/features/quiz-studio/schemas/bank-search.schema'
import { loadStudioCourseTitle } from '@/features/studio/api/course-title.loader'
import { CourseSubpageHeader } from '@/features/studio/components/course-subpage-header'
import { StudioCourseNotFound } from '@/features/studio/components/studio-course-not-found'
import { StudioSkeleton } from '@/features/studio/components/studio-skeleton'

export const Route = createFileRoute('/_authenticated/studio/courses/$courseId/questions')({
  validateSearch: bankSearchSchema,
  loader: ({ context: { queryClient }, params }) => loadStudioCourseTitle(queryClient, params.courseId),
  head: ({ loaderData }) => ({
    meta: [
      {
        title: loaderData ? `Question bank · ${loaderData.title} · Studio · Summit` : 'Question bank · Studio · Summit',
      },
    ],
  }),
  pendingComponent: StudioSkeleton,
  notFoundComponent: StudioCourseNotFound,
  component: QuestionsRoute,
})

function QuestionsRoute() {
  const { courseId } = Route.useParams()
  const { title } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = (patch: Partial<BankSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })

  return (
    <div className="flex flex-col gap-6">
      <CourseSubpageHeader courseId={courseId} courseTitle={title}>
        <CircleHelp aria-hidden="true" className="size-7 text-teal-700" />
        Question bank
      </CourseSubpageHeader>
      <QuestionBankPage courseId={courseId} search={search} onSearchChange={onSearchChange} />
    </div>
  )
}
