// The author's preview of a quiz as a learner would get it (fixed questions, then a sample draw), with the key
// shown: right options marked, accepted answers, the number and its tolerance, the explanation.
import { useQuery } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { quizLessonQueries } from '../api/quiz-lesson.queries'
import type { PreviewQuestion } from '../api/quiz-settings.api'
import { answerSummary } from '../lib/answer-summary'
import { kindLabels } from '../schemas/question-form.schema'

interface QuizPreviewDialogProps {
  courseId: string
  lessonId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  unsaved: boolean
}

export function QuizPreviewDialog({ courseId, lessonId, open, onOpenChange, unsaved }: QuizPreviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Quiz preview</DialogTitle>
        <DialogDescription>
          As a learner gets it, with the answer key visible to you. Drawn questions change with each opening.
        </DialogDescription>
        {unsaved ? <Alert tone="info">This preview shows the saved settings; save to see your changes.</Alert> : null}
        {open ? <PreviewBody courseId={courseId} lessonId={lessonId} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function PreviewBody({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const preview = useQuery(quizLessonQueries.preview(courseId, lessonId))
  if (preview.isPending)
    return (
      <div aria-busy="true" aria-label="Loading the preview" className="flex flex-col gap-2">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    )
  if (preview.isError)
    return (
      <Alert tone="error" title="The preview could not be loaded">
        <p>{errorMessage(preview.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  const { questions, pass_mark: passMark, time_limit_minutes: limit } = preview.data
  if (questions.length === 0)
    return <p className="text-slate-700">This quiz has no questions yet: pick some from the bank, or draw some.</p>
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {questions.length} {questions.length === 1 ? 'question' : 'questions'} · pass mark {passMark}%
        {limit ? ` · ${limit} minutes` : ' · no time limit'}
      </p>
      <ol aria-label="Quiz questions with their key" className="flex flex-col gap-4">
        {questions.map((question, index) => (
          <PreviewItem key={`${question.id}-${index}`} question={question} number={index + 1} />
        ))}
      </ol>
    </div>
  )
}

function PreviewItem({ question, number }: { question: PreviewQuestion; number: number }) {
  const key = {
    ...question,
    tags: [],
    tolerance: question.tolerance ?? 0,
  }
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4">
      <p className="text-sm text-slate-600">
        Question {number} · {kindLabels[question.kind]} · {question.points} {question.points === 1 ? 'point' : 'points'}
        {question.drawn ? ' · drawn at random' : ''}
      </p>
      <LazyMarkdown source={question.prompt_md} headingOffset={3} />
      {question.options.length > 0 ? (
        <ul className="flex flex-col gap-1">
          {question.options.map((option) => {
            const right = question.correct_options.includes(option.id)
            return (
              <li
                key={option.id}
                className={right ? 'flex items-center gap-2 font-medium text-teal-900' : 'flex items-center gap-2'}
              >
                {right ? <Check aria-hidden="true" className="size-4" /> : <span className="size-4" />}
                {option.text}
                {right ? <span className="sr-only"> (right answer)</span> : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      {question.has_key ? (
        <p className="text-sm text-slate-800">{answerSummary(key)}</p>
      ) : (
        <Alert tone="error">This question has no answer key, so it is never drawn. Edit it in the bank.</Alert>
      )}
      {question.explanation_md ? (
        <div className="rounded-md bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-900">Explanation</p>
          <LazyMarkdown source={question.explanation_md} headingOffset={3} />
        </div>
      ) : null}
    </li>
  )
}
