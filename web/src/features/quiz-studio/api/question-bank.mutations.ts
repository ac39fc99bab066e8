// The bank's writes as mutations; each one refreshes the course's bank (and a quiz preview that may show it).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { ImportQuestion } from '../lib/import-question'
import { deleteBankQuestion, duplicateBankQuestion, importBankQuestions, saveBankQuestion } from './question-bank.api'
import { quizStudioKeys } from './quiz-studio.keys'

function useRefreshBank(courseId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: quizStudioKeys.bank(courseId) })
}

export function useSaveQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId)
  return useMutation({
    mutationFn: (values: { questionId: string | null; question: ImportQuestion }) =>
      saveBankQuestion(supabase, { courseId, ...values }),
    onSettled: refresh,
  })
}

export function useDuplicateQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId)
  return useMutation({
    mutationFn: (questionId: string) => duplicateBankQuestion(supabase, questionId),
    onSettled: refresh,
  })
}

export function useDeleteQuestion(courseId: string) {
  const refresh = useRefreshBank(courseId)
  return useMutation({
    mutationFn: (questionId: string) => deleteBankQuestion(supabase, questionId),
    onSettled: refresh,
  })
}

export function useImportQuestions(courseId: string) {
  const refresh = useRefreshBank(courseId)
  return useMutation({
    mutationFn: (questions: ImportQuestion[]) => importBankQuestions(supabase, { courseId, questions }),
    onSettled: refresh,
  })
}
