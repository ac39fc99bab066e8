// Writes of a quiz lesson's settings and a video lesson's checks, refreshing what they change.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { updateQuizSettings, type QuizSettingsPatch } from './quiz-settings.api'
import { quizStudioKeys } from './quiz-studio.keys'
import { addVideoCheck, removeVideoCheck } from './video-checks.api'

export function useUpdateQuizSettings(courseId: string, lessonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (patch: QuizSettingsPatch) => updateQuizSettings(supabase, lessonId, patch),
    onSuccess: (settings) => queryClient.setQueryData(quizStudioKeys.settings(courseId, lessonId), settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizStudioKeys.preview(courseId, lessonId) }),
  })
}

export function useAddVideoCheck(courseId: string, lessonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: { atS: number; questionId: string }) =>
      addVideoCheck(supabase, { courseId, lessonId, ...values }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizStudioKeys.videoChecks(courseId, lessonId) }),
  })
}

export function useRemoveVideoCheck(courseId: string, lessonId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (checkId: string) => removeVideoCheck(supabase, checkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: quizStudioKeys.videoChecks(courseId, lessonId) }),
  })
}
