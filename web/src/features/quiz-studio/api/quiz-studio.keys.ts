// Query keys of the quiz studio (TkDodo's factory), and its retry rule: a refusal is an answer, not retried; a
// network failure is retried once.
import { errorCode } from '@/lib/errors'

export const quizStudioKeys = {
  course: (courseId: string) => ['quiz-studio', courseId] as const,
  bank: (courseId: string) => [...quizStudioKeys.course(courseId), 'bank'] as const,
  settings: (courseId: string, lessonId: string) => [...quizStudioKeys.course(courseId), 'settings', lessonId] as const,
  preview: (courseId: string, lessonId: string) => [...quizStudioKeys.course(courseId), 'preview', lessonId] as const,
  videoChecks: (courseId: string, lessonId: string) =>
    [...quizStudioKeys.course(courseId), 'video-checks', lessonId] as const,
}

export function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}
