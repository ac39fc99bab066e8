// The one call behind the course page and the player: `course_outline`, answered by index.html's early request when
// it asked the same question with the same token (lib/early-requests.ts), else by the API. Unparsed: each caller
// validates with the schema it needs.
import { earlyRpc } from '../early-requests'
import type { SupabaseClient } from '../supabase'

export interface CourseOutlineArgs {
  slug: string
  lesson_id?: string
  as_learner?: boolean
}

/** The outline's JSON; PostgREST's error is thrown, from the early answer or the API alike. */
export async function callCourseOutline(client: SupabaseClient, args: CourseOutlineArgs): Promise<unknown> {
  const early = await earlyRpc(client, 'course_outline', { ...args })
  if (early !== null) return early
  const { data, error } = await client.rpc('course_outline', args)
  if (error) throw error
  return data
}
