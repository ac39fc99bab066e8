// The quiz's writes: starting (or resuming) an attempt, submitting it once every answer typed on this device has
// reached the server, and answering an in-video check. A submit refreshes the quiz's state and the course's outlines
// (a pass completes the lesson, which moves progress, certificates and achievements).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import { drainAttempt } from './answer-outbox'
import { resultFromState, type ResultView } from '../lib/result'
import { answerVideoCheck, getQuizState, startQuizAttempt, submitQuizAttempt } from './quiz.api'
import { quizKeys } from './quiz.queries'
import type { QuizAnswer } from './quiz.types'

export function useStartAttempt(lessonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => startQuizAttempt(supabase, lessonId),
    // A refusal (attempts used up, cooldown) means the cached state is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: quizKeys.state(lessonId) }),
  })
}

export function useSubmitAttempt(lessonId: string, slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ attemptId, beforeSubmit }: { attemptId: string; beforeSubmit?: () => Promise<void> }) => {
      await beforeSubmit?.()
      await drainAttempt(attemptId)
      return submitQuizAttempt(supabase, attemptId)
    },
    onSuccess: (result) => {
      if (result.review) queryClient.setQueryData(quizKeys.review(result.attempt_id), result.review)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.state(lessonId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
      ]),
  })
}

/**
 * The attempt's time ran out (or it closed elsewhere): it is graded as it stood at the deadline. Submitting a closed
 * attempt answers its result; should that be refused, the quiz's state (whose read grades it) has it.
 */
export function useCloseAttempt(lessonId: string, slug: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (attemptId: string): Promise<ResultView | null> => {
      try {
        return await submitQuizAttempt(supabase, attemptId)
      } catch {
        const state = await getQuizState(supabase, lessonId)
        queryClient.setQueryData(quizKeys.state(lessonId), state)
        return resultFromState(state, attemptId)
      }
    },
    onSuccess: (result) => {
      if (result?.review) queryClient.setQueryData(quizKeys.review(result.attempt_id), result.review)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quizKeys.state(lessonId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.outline(slug) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
      ]),
  })
}

export function useAnswerVideoCheck(checkId: string) {
  return useMutation({
    mutationFn: (answer: QuizAnswer) => answerVideoCheck(supabase, { checkId, answer }),
  })
}
