// Queries of a quiz lesson's settings, its preview, and a video lesson's in-video checks.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getQuizPreview, getQuizSettings } from './quiz-settings.api'
import { quizStudioKeys, retryNetworkOnce } from './quiz-studio.keys'
import { listVideoChecks } from './video-checks.api'

export const quizLessonQueries = {
  settings: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: quizStudioKeys.settings(courseId, lessonId),
      queryFn: () => getQuizSettings(supabase, lessonId),
      retry: retryNetworkOnce,
      // The database creates the row once the lesson's change of kind is saved: look again until it is there.
      refetchInterval: (query) => (query.state.data === null ? 1000 : false),
    }),
  preview: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: quizStudioKeys.preview(courseId, lessonId),
      queryFn: () => getQuizPreview(supabase, lessonId),
      retry: retryNetworkOnce,
      // A preview draws at random: each opening shows a fresh draw.
      gcTime: 0,
    }),
  videoChecks: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: quizStudioKeys.videoChecks(courseId, lessonId),
      queryFn: () => listVideoChecks(supabase, lessonId),
      retry: retryNetworkOnce,
    }),
}
