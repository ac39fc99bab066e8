// "Questions & answers" under a lesson (a Collapsible): ask, read every question of the lesson with its answers, and
// take part. New answers arrive live (use-live-questions); the section says so to screen readers as they come.
import { useQuery } from '@tanstack/react-query'
import { ChevronRight, MessagesSquare } from 'lucide-react'
import { Composer } from '@/components/composer'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { useAskQuestion } from '../api/questions.mutations'
import { questionsQueries } from '../api/questions.queries'
import { useLiveQuestions } from '../api/use-live-questions'
import { questionBodySchema } from '../lib/question.schema'
import { QuestionItem } from './question-item'
import { plural } from '@/lib/format/plural'

export interface LessonQuestionsProps {
  userId: string
  lessonId: string
  /** The course's staff: they may resolve any question, and their answers are marked by the database. */
  isStaff: boolean
}

export function LessonQuestions({ userId, lessonId, isStaff }: LessonQuestionsProps) {
  const questions = useQuery(questionsQueries.lesson(lessonId))
  const live = useLiveQuestions(lessonId, true)
  const ask = useAskQuestion(lessonId)
  const count = questions.data?.length ?? 0
  const answers = questions.data?.reduce((sum, q) => sum + q.answers.length, 0) ?? 0

  return (
    <Collapsible
      defaultOpen
      className="rounded-lg border border-slate-200 bg-white"
      data-testid="questions"
      data-live={live}
    >
      <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold text-slate-900">
        <ChevronRight
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none"
        />
        <MessagesSquare aria-hidden="true" className="size-4 text-slate-500" />
        Questions &amp; answers{count ? ` (${count})` : ''}
      </CollapsibleTrigger>
      <CollapsibleContent className="flex flex-col gap-4 px-4 pb-4">
        <Composer
          label="Ask a question about this lesson"
          hint="Learners of this course and its instructors can read and answer it. Markdown works."
          draftKey={`question:${userId}:${lessonId}`}
          schema={questionBodySchema}
          submitLabel="Ask"
          busyLabel="Asking…"
          onSubmit={(body) => ask.mutateAsync(body)}
        />
        {/* Announces live arrivals: the count changes when an answer or question comes in. */}
        <p aria-live="polite" className="sr-only">
          {questions.data ? `${plural(count, 'question')}, ${plural(answers, 'answer')}.` : ''}
        </p>
        {questions.isPending ? (
          <div role="status" aria-label="Loading questions" className="flex flex-col gap-2">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : questions.isError ? (
          <Alert tone="error" title="Questions could not be loaded">
            <p>{errorMessage(questions.error)}</p>
            <Button variant="outline" className="mt-2" onClick={() => void questions.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : questions.data.length === 0 ? (
          <p className="text-sm text-slate-600">No questions on this lesson yet. Be the first to ask.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Questions on this lesson">
            {questions.data.map((question) => (
              <li key={question.id}>
                <QuestionItem question={question} userId={userId} isStaff={isStaff} />
              </li>
            ))}
          </ul>
        )}
      </CollapsibleContent>
    </Collapsible>
  )
}
