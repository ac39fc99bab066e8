// Asking, answering and resolving: each refreshes the lesson's questions and the studio's open list. A saved answer
// to someone else's question also asks notify-answer to email the asker.
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
    /** `emailAsker`: the question is someone else's (for one's own the database owes no email). */
    mutationFn: (values: { questionId: string; body: string; emailAsker: boolean }) =>
      answerQuestion(supabase, { questionId: values.questionId, body: values.body }),
    onSuccess: (answer, values) => {
      // Not awaited, and a failure is not shown: the answer is saved either way, and the asker sees it in the player.
      if (values.emailAsker) notifyAsker(supabase, answer.id).catch(() => undefined)
      return refresh()
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
