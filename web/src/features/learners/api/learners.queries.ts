// Query keys and options of the learners page (TkDodo's factory): every input of a query function is in its key;
// the mutations invalidate through the same factory. Refusals are not retried, a network failure once, so an API
// that is down shows its error within a couple of seconds.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { ROSTER_PAGE_SIZE, type RosterQuery } from '../schemas/roster-search.schema'
import { getLearnerProgress, listCohorts, listLearners } from './learners.api'

export function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const learnersKeys = {
  all: (courseId: string) => ['learners', courseId] as const,
  rosters: (courseId: string) => [...learnersKeys.all(courseId), 'roster'] as const,
  roster: (courseId: string, query: RosterQuery) => [...learnersKeys.rosters(courseId), query] as const,
  cohorts: (courseId: string) => [...learnersKeys.all(courseId), 'cohorts'] as const,
  progress: (courseId: string, userId: string) => [...learnersKeys.all(courseId), 'progress', userId] as const,
}

export const learnersQueries = {
  roster: (courseId: string, query: RosterQuery) =>
    queryOptions({
      queryKey: learnersKeys.roster(courseId, query),
      queryFn: () => listLearners(supabase, courseId, query, ROSTER_PAGE_SIZE),
      retry: retryNetworkOnce,
      // Typing in the search keeps the last page on screen instead of flashing a skeleton per keystroke.
      placeholderData: keepPreviousData,
    }),
  cohorts: (courseId: string) =>
    queryOptions({
      queryKey: learnersKeys.cohorts(courseId),
      queryFn: () => listCohorts(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  progress: (courseId: string, userId: string) =>
    queryOptions({
      queryKey: learnersKeys.progress(courseId, userId),
      queryFn: () => getLearnerProgress(supabase, courseId, userId),
      retry: retryNetworkOnce,
    }),
}
