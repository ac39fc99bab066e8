// Asking, answering and resolving: each refreshes the lesson's questions and the studio's open list.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { answerQuestion, askQuestion, setResolved } from './questions.api'
import { questionsKeys } from './questions.queries'

function useRefresh(lessonId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionsKeys.lesson(lessonId) }),
      queryClient.invalidateQueries({ queryKey: questionsKeys.openLists() }),
    ])
}

export function useAskQuestion(lessonId: string) {
  const refresh = useRefresh(lessonId)
  return useMutation({
    mutationFn: (body: string) => askQuestion(supabase, { lessonId, body }),
    onSuccess: refresh,
  })
}

export function useAnswerQuestion(lessonId: string) {
  const refresh = useRefresh(lessonId)
  return useMutation({
    mutationFn: (values: { questionId: string; body: string }) => answerQuestion(supabase, values),
    onSuccess: refresh,
  })
}

export function useSetResolved(lessonId: string) {
  const refresh = useRefresh(lessonId)
  return useMutation({
    mutationFn: (values: { id: string; resolved: boolean }) => setResolved(supabase, values),
    onSuccess: refresh,
  })
}
