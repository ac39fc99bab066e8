// In-video knowledge checks: the video pauses at each check's moment and a question from the course's bank is asked
// under it. The answer is graded on the server (right or not, and why); answering or skipping, the learner goes on
// and the video resumes. Never blocking, and not part of the course's pass rules.
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { CircleCheck, CircleHelp, CircleX } from 'lucide-react'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { useAnswerVideoCheck } from '../api/quiz.mutations'
import { quizQueries } from '../api/quiz.queries'
import type { QuizAnswer, VideoCheck } from '../api/quiz.types'
import { isAnswered } from '../lib/answers'
import { dueCheck } from '../lib/video-checks'
import { QuestionField } from './question-field'

/** What the checks need of the video player (the player's own handle has these). */
export interface CheckablePlayer {
  pause(): void
  resume(): void
  onTime(listener: (seconds: number) => void): () => void
}

export function VideoChecks({ lessonId, player }: { lessonId: string; player: RefObject<CheckablePlayer | null> }) {
  const checks = useQuery(quizQueries.videoChecks(lessonId))
  const asked = useRef(new Set<string>())
  const [active, setActive] = useState<VideoCheck | null>(null)
  const list = checks.data

  useEffect(() => {
    const handle = player.current
    if (!handle || !list || list.length === 0) return
    return handle.onTime((seconds) => {
      const due = dueCheck(list, seconds, asked.current)
      if (!due) return
      asked.current.add(due.id)
      handle.pause()
      setActive(due)
    })
  }, [list, player])

  if (!active) return null
  return (
    <CheckPanel
      key={active.id}
      check={active}
      onDone={() => {
        setActive(null)
        player.current?.resume()
      }}
    />
  )
}

function CheckPanel({ check, onDone }: { check: VideoCheck; onDone: () => void }) {
  const question = useQuery(quizQueries.videoCheck(check.id))
  const answer = useAnswerVideoCheck(check.id)
  const [draft, setDraft] = useState<QuizAnswer | undefined>(undefined)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const submit = () => {
    if (draft && isAnswered(draft) && !answer.isPending) answer.mutate(draft)
  }

  return (
    <section
      aria-labelledby={`check-${check.id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-teal-200 bg-teal-50/40 p-4 sm:p-6"
    >
      <h2
        id={`check-${check.id}-title`}
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <CircleHelp aria-hidden="true" className="size-5 text-teal-700" />
        Quick check
      </h2>
      <p className="text-sm text-slate-700">The video is paused. Answer if you like, then carry on watching.</p>
      {question.isPending ? (
        <div aria-busy="true" aria-label="Loading the question">
          <Skeleton className="h-24" />
        </div>
      ) : question.isError ? (
        <Alert tone="error" title="We couldn't load this question">
          {errorMessage(question.error)}
        </Alert>
      ) : answer.data ? (
        <div role="status" className="flex flex-col gap-2">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            {answer.data.correct ? (
              <CircleCheck aria-hidden="true" className="size-5 text-teal-700" />
            ) : (
              <CircleX aria-hidden="true" className="size-5 text-red-700" />
            )}
            {answer.data.correct ? 'Right!' : 'Not quite.'}
          </p>
          {answer.data.explanation_md ? <LazyMarkdown source={answer.data.explanation_md} headingOffset={3} /> : null}
        </div>
      ) : (
        <QuestionField
          question={question.data.question}
          heading={<span className="sr-only">Question</span>}
          answer={draft}
          onAnswer={setDraft}
          onEnter={submit}
          disabled={answer.isPending}
          footer={
            answer.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(answer.error)}
              </p>
            ) : null
          }
        />
      )}
      <div className="flex flex-wrap gap-2">
        {!answer.data && question.isSuccess ? (
          <Button onClick={submit} disabled={!draft || !isAnswered(draft) || answer.isPending}>
            Check my answer
          </Button>
        ) : null}
        <Button variant={answer.data ? 'primary' : 'outline'} onClick={onDone}>
          {answer.data ? 'Continue the video' : 'Skip and continue'}
        </Button>
      </div>
    </section>
  )
}
