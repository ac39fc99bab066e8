// The question bank's query: the whole bank of a course, refused calls not retried, a network failure once.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { listBankQuestions } from './question-bank.api'
import { quizStudioKeys, retryNetworkOnce } from './quiz-studio.keys'

export const questionBankQueries = {
  list: (courseId: string) =>
    queryOptions({
      queryKey: quizStudioKeys.bank(courseId),
      queryFn: () => listBankQuestions(supabase, courseId),
      retry: retryNetworkOnce,
    }),
}
