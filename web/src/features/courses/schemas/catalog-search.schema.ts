// The catalog's URL search params (`/courses?q=&level=&language=&sort=&page=`). Every field is optional and a bad
// value falls back to "not set" instead of failing the route, so an old or hand-edited link still opens the catalog.
import * as z from 'zod/mini'
import { courseLevelSchema } from '@/lib/courses/course-outline.schema'

export const catalogSorts = ['newest', 'popular'] as const
export type CatalogSort = (typeof catalogSorts)[number]

export const CATALOG_PAGE_SIZE = 24
export const CATALOG_QUERY_MAX = 100

export const catalogSearchSchema = z.object({
  q: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value) => value.trim().slice(0, CATALOG_QUERY_MAX)),
      ),
    ),
    undefined,
  ),
  level: z.catch(z.optional(courseLevelSchema), undefined),
  // Language tags as stored ("en", "en-GB"): anything else cannot match a course and is dropped.
  language: z.catch(z.optional(z.string().check(z.regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i))), undefined),
  sort: z.catch(z.optional(z.enum(catalogSorts)), undefined),
  page: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(10_000)))), undefined),
})

export type CatalogSearch = z.infer<typeof catalogSearchSchema>

/** The search with defaults filled in and empty values removed: what the list query's key and request use. */
export interface CatalogQuery {
  q: string
  level: CatalogSearch['level']
  language: string | undefined
  sort: CatalogSort
  page: number
}

export function toCatalogQuery(search: CatalogSearch): CatalogQuery {
  return {
    q: search.q ?? '',
    level: search.level,
    language: search.language,
    sort: search.sort ?? 'newest',
    page: search.page ?? 1,
  }
}
