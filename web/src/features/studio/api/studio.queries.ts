// Studio query keys and options (TkDodo's factory): every leaf's key holds every input of its query function, and
// mutations invalidate through the same factory. Refusals (RLS, missing rows) are not retried; only a network
// failure is, once, so an API that is down shows its error within a couple of seconds.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getCourse, getPublishChecklist } from './course.api'
import { getCurriculum } from './curriculum.api'
import { membershipQuery } from './membership.queries'
import { isSlugAvailable, listMySchools } from './schools.api'
import { retryNetworkOnce, studioKeys } from './studio-keys'

export { retryNetworkOnce, studioKeys }

export const studioQueries = {
  schools: (userId: string) =>
    queryOptions({
      queryKey: studioKeys.schools(userId),
      queryFn: () => listMySchools(supabase, userId),
      retry: retryNetworkOnce,
    }),
  membership: membershipQuery,
  details: (courseId: string) =>
    queryOptions({
      queryKey: studioKeys.details(courseId),
      queryFn: () => getCourse(supabase, courseId),
      retry: retryNetworkOnce,
      // The editor owns this data while open; a background refetch would fight the autosave.
      staleTime: Infinity,
    }),
  curriculum: (courseId: string) =>
    queryOptions({
      queryKey: studioKeys.curriculum(courseId),
      queryFn: () => getCurriculum(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  checklist: (courseId: string) =>
    queryOptions({
      queryKey: studioKeys.checklist(courseId),
      queryFn: () => getPublishChecklist(supabase, courseId),
      retry: retryNetworkOnce,
    }),
  slugAvailable: (kind: 'school' | 'course', slug: string) =>
    queryOptions({
      queryKey: studioKeys.slug(kind, slug),
      queryFn: () => isSlugAvailable(supabase, kind, slug),
      retry: retryNetworkOnce,
      staleTime: 10_000,
    }),
}
