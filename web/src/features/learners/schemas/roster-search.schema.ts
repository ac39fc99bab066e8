// The learners page's URL search params (`?q=&cohort=&status=&sort=&dir=&page=`). Every field is optional and a bad
// value falls back to "not set", so an old or hand-edited link still opens the roster.
import * as z from 'zod/mini'

export const rosterSorts = [
  'name',
  'email',
  'cohort',
  'source',
  'enrolled_at',
  'last_activity_at',
  'progress',
  'status',
] as const
export type RosterSort = (typeof rosterSorts)[number]
export const enrollmentStatuses = ['active', 'completed', 'removed'] as const
export type EnrollmentStatus = (typeof enrollmentStatuses)[number]
/** What the roster's status filter offers: a pending invitation, or an enrollment's status. */
export const rosterStatuses = ['invited', ...enrollmentStatuses] as const
export type RosterStatus = (typeof rosterStatuses)[number]

export const ROSTER_PAGE_SIZE = 25
export const ROSTER_SEARCH_MAX = 200

export const rosterSearchSchema = z.object({
  q: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((value) => value.slice(0, ROSTER_SEARCH_MAX)),
      ),
    ),
    undefined,
  ),
  cohort: z.catch(z.optional(z.guid()), undefined),
  status: z.catch(z.optional(z.enum(rosterStatuses)), undefined),
  sort: z.catch(z.optional(z.enum(rosterSorts)), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  page: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000)))), undefined),
})

export type RosterSearch = z.infer<typeof rosterSearchSchema>

/** The search with defaults filled in: what the roster query's key and request use. */
export interface RosterQuery {
  search: string
  cohortId: string | undefined
  status: RosterStatus | undefined
  sort: RosterSort
  direction: 'asc' | 'desc'
  page: number
}

export function toRosterQuery(search: RosterSearch): RosterQuery {
  return {
    search: search.q?.trim() ?? '',
    cohortId: search.cohort,
    status: search.status,
    sort: search.sort ?? 'enrolled_at',
    direction: search.dir ?? 'desc',
    page: search.page ?? 1,
  }
}
