// Query keys and options for Q&A. Refusals are not retried, a network failure once, so an unreachable API shows its
// error quickly. Live answers (use-live-questions) invalidate the lesson's key.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listLessonQuestions, listOpenQuestions } from './questions.api'

const retryNetworkOnce = (failures: number, error: unknown) => failures < 1 && errorCode(error) === undefined

export const questionsKeys = {
  all: () => ['questions'] as const,
  lesson: (lessonId: string) => [...questionsKeys.all(), 'lesson', lessonId] as const,
  openLists: () => [...questionsKeys.all(), 'open'] as const,
  open: (userId: string) => [...questionsKeys.openLists(), userId] as const,
}

export const questionsQueries = {
  lesson: (lessonId: string) =>
    queryOptions({
      queryKey: questionsKeys.lesson(lessonId),
      queryFn: () => listLessonQuestions(supabase, lessonId),
      retry: retryNetworkOnce,
    }),
  open: (userId: string) =>
    queryOptions({
      queryKey: questionsKeys.open(userId),
      queryFn: () => listOpenQuestions(supabase),
      retry: retryNetworkOnce,
    }),
}
