// Query keys and options for notes. Keys carry the user, so one person's notes never show for another on a shared
// browser; refusals are not retried, a network failure once (an unreachable API shows its error quickly).
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listCourseNotes, listLessonNotes } from './notes.api'

const retryNetworkOnce = (failures: number, error: unknown) => failures < 1 && errorCode(error) === undefined

export const notesKeys = {
  all: (userId: string) => ['notes', userId] as const,
  lesson: (userId: string, lessonId: string) => [...notesKeys.all(userId), 'lesson', lessonId] as const,
  course: (userId: string, courseId: string) => [...notesKeys.all(userId), 'course', courseId] as const,
}

export const notesQueries = {
  lesson: (userId: string, lessonId: string) =>
    queryOptions({
      queryKey: notesKeys.lesson(userId, lessonId),
      queryFn: () => listLessonNotes(supabase, lessonId),
      retry: retryNetworkOnce,
    }),
  course: (userId: string, courseId: string) =>
    queryOptions({
      queryKey: notesKeys.course(userId, courseId),
      queryFn: () => listCourseNotes(supabase, courseId),
      retry: retryNetworkOnce,
    }),
}
