// Course queries (TkDodo's pattern): every leaf returns queryOptions whose key, built from the shared `courseKeys`,
// holds every input of its query function. The keys live in lib/courses because progress writes patch these caches.
import { queryOptions } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import type { CatalogQuery } from '../schemas/catalog-search.schema'
import { courseOutlineQuery } from '@/lib/courses/course-outline-call'
import { listCatalogLanguages, listCourses, listFeaturedCourses, listSchoolCourses } from './courses.api'
import { listMyCourses } from './my-courses.api'

export const courseQueries = {
  list: (query: CatalogQuery) =>
    queryOptions({
      queryKey: [...courseKeys.lists(), query] as const,
      queryFn: () => listCourses(supabase, query),
    }),
  languages: () =>
    queryOptions({
      queryKey: courseKeys.languages(),
      queryFn: () => listCatalogLanguages(supabase),
      // Languages change only when a course in a new language is published.
      staleTime: 5 * 60_000,
    }),
  featured: () =>
    queryOptions({
      queryKey: courseKeys.featured(),
      queryFn: () => listFeaturedCourses(supabase),
    }),
  /** A school's catalog courses, for its public page. */
  bySchool: (schoolId: string) =>
    queryOptions({
      queryKey: [...courseKeys.lists(), 'school', schoolId] as const,
      queryFn: () => listSchoolCourses(supabase, schoolId),
    }),
  /** Shared with the player (lib/courses/course-outline-call.ts). */
  outline: courseOutlineQuery,
  /** `courseQueries.mine().queryKey` is the prefix to invalidate; reading needs the signed-in user's id. */
  mine: (userId?: string) =>
    queryOptions({
      queryKey: userId ? ([...courseKeys.mine(), userId] as const) : courseKeys.mine(),
      queryFn: () => (userId ? listMyCourses(supabase, userId) : Promise.resolve([])),
    }),
}
