// One question with its answers: who asked and when, resolved or not, the markdown body, answers oldest first
// (instructor answers marked), an Answer form opened on demand, and Mark resolved / Reopen for the asker or staff.
import { useState } from 'react'
import { CircleCheck, GraduationCap, MessageSquareReply } from 'lucide-react'
import { Composer } from '@/components/composer'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import type { AnswerRow, QuestionRow } from '../api/questions.api'
import { useAnswerQuestion, useSetResolved } from '../api/questions.mutations'
import { answerBodySchema } from '../lib/question.schema'
import { relativeTime } from '../lib/when'

export interface QuestionItemProps {
  question: QuestionRow
  userId: string
  isStaff: boolean
}

export function QuestionItem({ question, userId, isStaff }: QuestionItemProps) {
  const [answering, setAnswering] = useState(false)
  const answer = useAnswerQuestion(question.lesson_id)
  const resolve = useSetResolved(question.lesson_id)
  const canResolve = isStaff || question.author_id === userId
  const headingId = `question-${question.id}`

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-3"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {question.author_id === userId ? 'You asked' : `${question.author_name} asked`}
        </h3>
        <time dateTime={question.created_at}>{relativeTime(question.created_at)}</time>
        {question.resolved ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-900">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Resolved
          </span>
        ) : null}
      </header>
      <LazyMarkdown source={question.body} headingOffset={3} className="text-sm" />

      {question.answers.length > 0 ? (
        <ol
          className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3"
          aria-label={`Answers (${question.answers.length})`}
        >
          {question.answers.map((a) => (
            <li key={a.id}>
              <Answer answer={a} userId={userId} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">No answers yet.</p>
      )}

      {answering ? (
        <Composer
          label="Your answer"
          hint="Markdown works: **bold**, lists, links, `code`."
          draftKey={`answer:${userId}:${question.id}`}
          schema={answerBodySchema}
          submitLabel="Post answer"
          busyLabel="Posting…"
          focusOnMount
          onSubmit={async (body) => {
            await answer.mutateAsync({ questionId: question.id, body, emailAsker: question.author_id !== userId })
            setAnswering(false)
          }}
          onCancel={() => setAnswering(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAnswering(true)}>
            <MessageSquareReply aria-hidden="true" className="size-4" />
            Answer
            <span className="sr-only">
              {' '}
              {question.author_id === userId ? 'your question' : `${question.author_name}’s question`}
            </span>
          </Button>
          {canResolve ? (
            <Button
              variant="ghost"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ id: question.id, resolved: !question.resolved })}
            >
              <CircleCheck aria-hidden="true" className="size-4" />
              {question.resolved ? 'Reopen' : 'Mark resolved'}
            </Button>
          ) : null}
        </div>
      )}
      {resolve.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(resolve.error)}
        </p>
      ) : null}
    </article>
  )
}

function Answer({ answer, userId }: { answer: AnswerRow; userId: string }) {
  return (
    <div className="flex flex-col gap-1" data-testid="answer">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{answer.author_id === userId ? 'You' : answer.author_name}</span>
        {answer.is_instructor ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            <GraduationCap aria-hidden="true" className="size-3.5" />
            Instructor
          </span>
        ) : null}
        <time dateTime={answer.created_at}>{relativeTime(answer.created_at)}</time>
      </p>
      <LazyMarkdown source={answer.body} headingOffset={4} className="text-sm" />
    </div>
  )
}
