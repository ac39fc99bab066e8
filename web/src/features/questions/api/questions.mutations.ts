// Asking, answering and resolving: each refreshes the lesson's questions and the studio's open list. After an
// answer, the asker's email is requested in the background: the answer is saved either way, and a failed request
// is logged rather than shown, since the person answering can do nothing about it.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { answerQuestion, askQuestion, notifyAsker, setResolved } from './questions.api'
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
    onSuccess: async (answer) => {
      notifyAsker(supabase, answer.id).catch((error: unknown) => {
        console.warn('The asker could not be emailed about this answer', error)
      })
      await refresh()
    },
  })
}

export function useSetResolved(lessonId: string) {
  const refresh = useRefresh(lessonId)
  return useMutation({
    mutationFn: (values: { id: string; resolved: boolean }) => setResolved(supabase, values),
    onSuccess: refresh,
  })
}
