// Query keys and options of the analytics page (TkDodo's factory): every input of a query function is in its key.
// The live channel invalidates `all(courseId)`. Refusals are not retried and a network failure once, so an API that
// is down shows its error within a few seconds; at-risk needs the clock, so the page refetches every minute.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { AnalyticsFilter } from '../lib/filter'
import { getFunnel, listAtRisk, listCohortOptions, listLessonStats } from './analytics.api'
import { getQuizItemAnalysis, listCourseQuizzes } from './quiz-analysis.api'

function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const analyticsKeys = {
  all: (courseId: string) => ['analytics', courseId] as const,
  funnel: (courseId: string, filter: AnalyticsFilter) => [...analyticsKeys.all(courseId), 'funnel', filter] as const,
  lessons: (courseId: string, filter: AnalyticsFilter) => [...analyticsKeys.all(courseId), 'lessons', filter] as const,
  atRisk: (courseId: string, filter: AnalyticsFilter) => [...analyticsKeys.all(courseId), 'at-risk', filter] as const,
  cohorts: (courseId: string) => [...analyticsKeys.all(courseId), 'cohorts'] as const,
  quizzes: (courseId: string) => [...analyticsKeys.all(courseId), 'quizzes'] as const,
  quiz: (courseId: string, lessonId: string) => [...analyticsKeys.all(courseId), 'quiz', lessonId] as const,
}

const live = { retry: retryNetworkOnce, placeholderData: keepPreviousData, refetchInterval: 60_000 } as const

export const analyticsQueries = {
  funnel: (courseId: string, filter: AnalyticsFilter) =>
    queryOptions({
      queryKey: analyticsKeys.funnel(courseId, filter),
      queryFn: () => getFunnel(supabase, courseId, filter),
      ...live,
    }),
  lessons: (courseId: string, filter: AnalyticsFilter) =>
    queryOptions({
      queryKey: analyticsKeys.lessons(courseId, filter),
      queryFn: () => listLessonStats(supabase, courseId, filter),
      ...live,
    }),
  atRisk: (courseId: string, filter: AnalyticsFilter) =>
    queryOptions({
      queryKey: analyticsKeys.atRisk(courseId, filter),
      queryFn: () => listAtRisk(supabase, courseId, filter),
      ...live,
    }),
  quizzes: (courseId: string) =>
    queryOptions({
      queryKey: analyticsKeys.quizzes(courseId),
      queryFn: () => listCourseQuizzes(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  /** Under the course's key, so the live channel's "changed" (sent as an attempt is graded) refetches it. */
  quiz: (courseId: string, lessonId: string) =>
    queryOptions({
      queryKey: analyticsKeys.quiz(courseId, lessonId),
      queryFn: () => getQuizItemAnalysis(supabase, lessonId),
      retry: retryNetworkOnce,
      placeholderData: keepPreviousData,
    }),
  cohorts: (courseId: string) =>
    queryOptions({
      queryKey: analyticsKeys.cohorts(courseId),
      queryFn: () => listCohortOptions(supabase, courseId),
      retry: retryNetworkOnce,
    }),
}
