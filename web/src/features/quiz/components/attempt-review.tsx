// An attempt's review, as far as the quiz's review policy allows: the learner's answers and whether each was right
// ('answers'), plus the right answers and explanations ('full'). A review that is not open yet says so.
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleX } from 'lucide-react'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorCode, errorMessage } from '@/lib/errors'
import { quizQueries } from '../api/quiz.queries'
import type { ReviewQuestion } from '../api/quiz.types'
import { describeAnswer } from '../lib/answers'
import { formatCount, plural } from '@/lib/format/plural'

export function AttemptReview({ attemptId, number }: { attemptId: string; number?: number }) {
  const review = useQuery(quizQueries.review(attemptId))
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [attemptId])
  const title = number ? `Review of attempt ${number}` : 'Review of your attempt'
  return (
    <section aria-labelledby="quiz-review-title" className="flex flex-col gap-4">
      <h2 id="quiz-review-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {review.isPending ? (
        <div aria-busy="true" aria-label="Loading the review" className="flex flex-col gap-2">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : review.isError ? (
        errorCode(review.error) === 'review_not_available' ? (
          <Alert tone="info">The review of this attempt opens later, as the quiz's settings say.</Alert>
        ) : (
          <Alert tone="error" title="We couldn't load the review">
            <p>{errorMessage(review.error)}</p>
            <Button variant="outline" className="mt-2" onClick={() => void review.refetch()}>
              Try again
            </Button>
          </Alert>
        )
      ) : review.data.policy === 'score' || review.data.questions.length === 0 ? (
        <p className="text-slate-700">This quiz shows your score only, not the answers.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {review.data.questions.map((question, index) => (
            <li key={question.id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
              <ReviewItem question={question} number={index + 1} full={review.data.policy === 'full'} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function ReviewItem({ question, number, full }: { question: ReviewQuestion; number: number; full: boolean }) {
  const Icon = question.correct ? CircleCheck : CircleX
  return (
    <div className="flex flex-col gap-3">
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        Question {number}
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm ${question.correct ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-800'}`}
        >
          <Icon aria-hidden="true" className="size-4" />
          {question.correct ? 'Right' : question.points_awarded > 0 ? 'Partly right' : 'Wrong'}
        </span>
        <span className="text-sm font-normal text-slate-600">
          {formatCount(question.points_awarded)} of {plural(question.points, 'point')}
        </span>
      </h3>
      <LazyMarkdown source={question.prompt_md} headingOffset={3} />
      <p className="text-slate-800">
        <span className="font-medium">Your answer: </span>
        {describeAnswer(question.answer, question.options)}
      </p>
      {full ? <RightAnswer question={question} /> : null}
      {full && question.explanation_md ? (
        <div className="rounded-md bg-slate-50 p-3">
          <p className="font-medium text-slate-900">Explanation</p>
          <LazyMarkdown source={question.explanation_md} headingOffset={3} />
        </div>
      ) : null}
    </div>
  )
}

function RightAnswer({ question }: { question: ReviewQuestion }) {
  let text: string | null = null
  if (question.correct_options?.length) {
    text = question.correct_options
      .map((id) => question.options.find((option) => option.id === id)?.text ?? id)
      .join(', ')
  } else if (question.accepted_answers?.length) {
    text = question.accepted_answers.join(' or ')
  } else if (question.numeric_answer !== null && question.numeric_answer !== undefined) {
    text = question.tolerance ? `${question.numeric_answer} (± ${question.tolerance})` : String(question.numeric_answer)
  }
  if (text === null) return null
  return (
    <p className="text-slate-800">
      <span className="font-medium">{question.kind === 'multiple' ? 'Right answers: ' : 'Right answer: '}</span>
      {text}
    </p>
  )
}
