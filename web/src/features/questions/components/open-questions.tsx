// The studio's unanswered questions: questions in the courses the signed-in member's schools run that no member has
// answered yet and that are not resolved, oldest first, each linked to its lesson in the player to answer there.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MessagesSquare } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { questionsQueries } from '../api/questions.queries'
import { relativeTime } from '../lib/when'
import { plural } from '@/lib/format/plural'

export function OpenQuestions({ userId }: { userId: string }) {
  const open = useQuery(questionsQueries.open(userId))

  if (open.isPending) {
    return (
      <div role="status" aria-label="Loading questions" className="flex flex-col gap-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    )
  }
  if (open.isError) {
    return (
      <Alert tone="error" title="Questions could not be loaded">
        <p>{errorMessage(open.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void open.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  if (open.data.length === 0) {
    return (
      <EmptyState icon={MessagesSquare} title="No questions waiting">
        Questions your learners ask under a lesson appear here until someone on the staff answers or resolves them.
      </EmptyState>
    )
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Questions waiting for an answer">
      {open.data.map((q) => (
        <li key={q.id}>
          <article className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-base font-semibold text-slate-900">
              <Link
                to="/learn/$slug/$lessonId"
                params={{ slug: q.course_slug, lessonId: q.lesson_id }}
                className="text-teal-800 underline-offset-2 hover:underline"
              >
                {q.course_title}: {q.lesson_title}
              </Link>
            </h2>
            <p className="text-sm text-slate-600">
              {q.author_name} asked <time dateTime={q.created_at}>{relativeTime(q.created_at)}</time>
              {q.answer_count ? ` · ${plural(q.answer_count, 'answer')} from learners` : ''}
            </p>
            <LazyMarkdown source={q.body} headingOffset={2} className="text-sm" />
          </article>
        </li>
      ))}
    </ul>
  )
}
