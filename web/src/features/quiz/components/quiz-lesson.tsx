// A quiz lesson in the player: the quiz's overview and attempts history, taking an attempt, its result and its
// review, each with its loading and error state. Staff and learner previews see what the quiz asks without taking it
// (authors preview it with its key in the studio).
import { useEffect, useState, type ReactNode } from 'react'
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { useCloseAttempt, useStartAttempt } from '../api/quiz.mutations'
import { quizKeys, quizQueries } from '../api/quiz.queries'
import type { QuizAttempt, QuizState } from '../api/quiz.types'
import { clockOffsetMs } from '../lib/timer'
import type { ResultView } from '../lib/result'
import { AttemptReview } from './attempt-review'
import { QuizAttemptView } from './quiz-attempt'
import { QuizOverview } from './quiz-overview'
import { QuizResultView } from './quiz-result'

interface QuizLessonProps {
  lessonId: string
  slug: string
  /** A learner who can take it; staff and previews get a note instead. */
  canTake: boolean
  /** The next lesson, offered once the quiz is passed (null on the last lesson). */
  next: Pick<OutlineLesson, 'id' | 'title'> | null
}

type View =
  | { name: 'overview' }
  | { name: 'attempt'; attempt: QuizAttempt; offsetMs: number }
  | { name: 'result'; result: ResultView; timedOut: boolean }
  | { name: 'review'; attemptId: string; number?: number }

export function QuizLesson({ lessonId, slug, canTake, next }: QuizLessonProps) {
  if (!canTake) {
    return (
      <Alert tone="info" title="A quiz">
        Learners take this quiz here, and their attempts are graded by Summit. Its authors can preview it, with the
        answers shown, from the course's studio.
      </Alert>
    )
  }
  return <QuizForLearner lessonId={lessonId} slug={slug} next={next} />
}

function QuizForLearner({ lessonId, slug, next }: Omit<QuizLessonProps, 'canTake'>) {
  const state = useQuery(quizQueries.state(lessonId))
  const start = useStartAttempt(lessonId)
  const close = useCloseAttempt(lessonId, slug)
  const [view, setView] = useState<View>({ name: 'overview' })
  useRefreshWhenCooldownEnds(lessonId, state.data?.next_attempt_at ?? null)

  const startAttempt = () =>
    start.mutate(undefined, {
      onSuccess: (attempt) =>
        setView({ name: 'attempt', attempt, offsetMs: clockOffsetMs(attempt.server_now, Date.now()) }),
    })

  const closeAttempt = (attemptId: string) => {
    setView({ name: 'overview' })
    close.mutate(attemptId, {
      onSuccess: (result) => {
        if (result) setView({ name: 'result', result, timedOut: true })
      },
    })
  }

  if (view.name === 'attempt') {
    return (
      <QuizAttemptView
        key={view.attempt.attempt_id}
        attempt={view.attempt}
        offsetMs={view.offsetMs}
        slug={slug}
        onSubmitted={(result) => setView({ name: 'result', result, timedOut: false })}
        onClosed={() => closeAttempt(view.attempt.attempt_id)}
      />
    )
  }
  if (view.name === 'result') {
    const reviewable =
      view.result.review !== null ||
      (state.data?.attempts.find((a) => a.id === view.result.attempt_id)?.reviewable ?? false)
    return (
      <QuizResultView
        result={view.result}
        timedOut={view.timedOut}
        nextLesson={next ? <NextLessonLink slug={slug} next={next} /> : null}
        onTryAgain={startAttempt}
        onReview={reviewable ? () => setView({ name: 'review', attemptId: view.result.attempt_id }) : undefined}
        onBack={() => setView({ name: 'overview' })}
      />
    )
  }
  if (view.name === 'review') {
    return (
      <div className="flex flex-col gap-4">
        <AttemptReview attemptId={view.attemptId} {...(view.number !== undefined && { number: view.number })} />
        <Button variant="outline" className="self-start" onClick={() => setView({ name: 'overview' })}>
          Back to your attempts
        </Button>
      </div>
    )
  }
  if (state.isPending || close.isPending || state.isError || state.data.settings.question_count === 0) {
    return notReady(state, close.isPending)
  }
  return (
    <QuizOverview
      state={state.data}
      onStart={startAttempt}
      starting={start.isPending}
      startError={start.error}
      onReview={(attemptId, number) => setView({ name: 'review', attemptId, number })}
    />
  )
}

/** A cooldown that ends while the page is open: the quiz's state is read again then, so "Start" appears. */
function useRefreshWhenCooldownEnds(lessonId: string, nextAt: string | null) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!nextAt) return
    const wait = Date.parse(nextAt) - Date.now()
    if (wait <= 0 || wait > 2 ** 31 - 1) return
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: quizKeys.state(lessonId) }),
      wait + 500,
    )
    return () => clearTimeout(timer)
  }, [nextAt, lessonId, queryClient])
}

/** The way on once the quiz is passed. */
function NextLessonLink({ slug, next }: { slug: string; next: NonNullable<QuizLessonProps['next']> }) {
  return (
    <Button asChild>
      <Link to="/learn/$slug/$lessonId" params={{ slug, lessonId: next.id }}>
        Next lesson: {next.title}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </Button>
  )
}

/** What stands in for the overview while there is none to show: loading or grading, an error, or no questions yet. */
function notReady(state: UseQueryResult<QuizState, unknown>, grading: boolean): ReactNode {
  if (state.isPending || grading) {
    return (
      <div
        aria-busy="true"
        aria-label={grading ? 'Grading your attempt' : 'Loading the quiz'}
        className="flex flex-col gap-3"
      >
        <Skeleton className="h-40" />
        <Skeleton className="h-24" />
      </div>
    )
  }
  if (state.isError) {
    return (
      <Alert tone="error" title="We couldn't load this quiz">
        <p>{errorMessage(state.error)}</p>
        <Button variant="outline" className="mt-2" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  return (
    <Alert tone="info" title="No questions yet">
      This quiz has no questions yet. Come back once your instructor has added them.
    </Alert>
  )
}
