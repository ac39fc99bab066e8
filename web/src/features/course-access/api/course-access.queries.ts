// Query keys and options for managing a course's access (TkDodo's factory): every leaf's key holds every input of
// its query function; mutations invalidate through the same keys. Refusals (RLS, missing rows) are not retried;
// only a network failure is, once, so an API that is down shows its error within a couple of seconds.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listCohorts } from './cohorts.api'
import { getCourseSummary } from './course.api'
import { listEvents } from './events.api'
import { listAccessCodes, listInvites } from './grants.api'

export function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const courseAccessKeys = {
  all: () => ['course-access'] as const,
  course: (courseId: string) => [...courseAccessKeys.all(), courseId] as const,
  summary: (courseId: string) => [...courseAccessKeys.course(courseId), 'summary'] as const,
  cohorts: (courseId: string) => [...courseAccessKeys.course(courseId), 'cohorts'] as const,
  invites: (courseId: string) => [...courseAccessKeys.course(courseId), 'invites'] as const,
  codes: (courseId: string) => [...courseAccessKeys.course(courseId), 'codes'] as const,
  events: (courseId: string) => [...courseAccessKeys.course(courseId), 'events'] as const,
}

export const courseAccessQueries = {
  course: (courseId: string) =>
    queryOptions({
      queryKey: courseAccessKeys.summary(courseId),
      queryFn: () => getCourseSummary(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  cohorts: (courseId: string) =>
    queryOptions({
      queryKey: courseAccessKeys.cohorts(courseId),
      queryFn: () => listCohorts(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  invites: (courseId: string) =>
    queryOptions({
      queryKey: courseAccessKeys.invites(courseId),
      queryFn: () => listInvites(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  codes: (courseId: string) =>
    queryOptions({
      queryKey: courseAccessKeys.codes(courseId),
      queryFn: () => listAccessCodes(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  events: (courseId: string) =>
    queryOptions({
      queryKey: courseAccessKeys.events(courseId),
      queryFn: () => listEvents(supabase, courseId),
      retry: retryNetworkOnce,
    }),
}
