// Query keys and options of the learner's quiz screens (TkDodo's factory): the quiz's state and history per lesson,
// an attempt's review, and a video lesson's checks. Refusals (a locked lesson, a review not open yet) are answers,
// not failures to retry.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { getAttemptReview, getQuizState, getVideoCheckQuestion, listVideoChecks } from './quiz.api'

function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const quizKeys = {
  all: ['quiz'] as const,
  state: (lessonId: string) => [...quizKeys.all, 'state', lessonId] as const,
  review: (attemptId: string) => [...quizKeys.all, 'review', attemptId] as const,
  videoChecks: (lessonId: string) => [...quizKeys.all, 'video-checks', lessonId] as const,
  videoCheck: (checkId: string) => [...quizKeys.all, 'video-check', checkId] as const,
}

export const quizQueries = {
  state: (lessonId: string) =>
    queryOptions({
      queryKey: quizKeys.state(lessonId),
      queryFn: () => getQuizState(supabase, lessonId),
      retry: retryNetworkOnce,
    }),
  review: (attemptId: string) =>
    queryOptions({
      queryKey: quizKeys.review(attemptId),
      queryFn: () => getAttemptReview(supabase, attemptId),
      retry: retryNetworkOnce,
      staleTime: Infinity,
    }),
  videoChecks: (lessonId: string) =>
    queryOptions({
      queryKey: quizKeys.videoChecks(lessonId),
      queryFn: () => listVideoChecks(supabase, lessonId),
      retry: retryNetworkOnce,
      staleTime: 5 * 60_000,
    }),
  videoCheck: (checkId: string) =>
    queryOptions({
      queryKey: quizKeys.videoCheck(checkId),
      queryFn: () => getVideoCheckQuestion(supabase, checkId),
      retry: retryNetworkOnce,
      staleTime: Infinity,
    }),
}
