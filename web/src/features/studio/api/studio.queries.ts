// Studio query keys and options (TkDodo's factory): every leaf's key holds every input of its query function, and
// mutations invalidate through the same factory. Refusals (RLS, missing rows) are not retried; only a network
// failure is, once, so an API that is down shows its error within a couple of seconds.
import { queryOptions } from '@tanstack/react-query'
import { errorCode } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { getCourse, getPublishChecklist } from './course.api'
import { getCurriculum } from './curriculum.api'
import { isSchoolMember, isSlugAvailable, listMySchools } from './schools.api'

export function retryNetworkOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && errorCode(error) === undefined
}

export const studioKeys = {
  all: () => ['studio'] as const,
  schoolLists: () => [...studioKeys.all(), 'schools'] as const,
  schools: (userId: string) => [...studioKeys.schoolLists(), userId] as const,
  membership: (userId: string) => [...studioKeys.all(), 'membership', userId] as const,
  course: (courseId: string) => [...studioKeys.all(), 'course', courseId] as const,
  details: (courseId: string) => [...studioKeys.course(courseId), 'details'] as const,
  curriculum: (courseId: string) => [...studioKeys.course(courseId), 'curriculum'] as const,
  checklist: (courseId: string) => [...studioKeys.course(courseId), 'checklist'] as const,
  slug: (kind: 'school' | 'course', slug: string) => [...studioKeys.all(), 'slug', kind, slug] as const,
}

export const studioQueries = {
  schools: (userId: string) =>
    queryOptions({
      queryKey: studioKeys.schools(userId),
      queryFn: () => listMySchools(supabase, userId),
      retry: retryNetworkOnce,
    }),
  /** Whether I teach anywhere: the header offers the studio to members only. */
  membership: (userId: string) =>
    queryOptions({
      queryKey: studioKeys.membership(userId),
      queryFn: () => isSchoolMember(supabase, userId),
      staleTime: 5 * 60_000,
    }),
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
