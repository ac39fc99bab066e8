// A course's cohorts with how many learners each holds, and creating, renaming, moving and deleting them under the
// cohorts policies (members of the course's school). Counting is one HEAD request per cohort: courses have a
// handful of cohorts, and a count never ships the learners' rows.
import type { SupabaseClient } from '@/lib/supabase'

export interface Cohort {
  id: string
  name: string
  startsAt: string
  /** Active and completed learners in the cohort. */
  learnerCount: number
}

export interface CohortInput {
  name: string
  startsAt: string
}

async function countLearners(client: SupabaseClient, cohortId: string): Promise<number> {
  const { count, error } = await client
    .from('enrollments')
    .select('id', { count: 'exact', head: true })
    .eq('cohort_id', cohortId)
    .in('status', ['active', 'completed'])
  if (error) throw error
  return count ?? 0
}

export async function listCohorts(client: SupabaseClient, courseId: string): Promise<Cohort[]> {
  const { data, error } = await client
    .from('cohorts')
    .select('id, name, starts_at')
    .eq('course_id', courseId)
    .order('starts_at')
    .order('name')
  if (error) throw error
  const counts = await Promise.all(data.map((c) => countLearners(client, c.id)))
  return data.map((c, i) => ({ id: c.id, name: c.name, startsAt: c.starts_at, learnerCount: counts[i] ?? 0 }))
}

export async function createCohort(client: SupabaseClient, courseId: string, input: CohortInput) {
  const { data, error } = await client
    .from('cohorts')
    .insert({ course_id: courseId, name: input.name, starts_at: input.startsAt })
    .select('id')
    .single()
  if (error) throw error
  return data
}

export async function updateCohort(client: SupabaseClient, cohortId: string, input: CohortInput) {
  const { data, error } = await client
    .from('cohorts')
    .update({ name: input.name, starts_at: input.startsAt })
    .eq('id', cohortId)
    .select('id')
  if (error) throw error
  // No row back: RLS hid it (no longer a member) or it was deleted meanwhile; a silent success would mislead.
  if (data.length === 0) throw { code: 'forbidden' }
}

/** Refuses (without asking the database to delete) while learners are in the cohort: see CohortsPanel. */
export async function deleteCohort(client: SupabaseClient, cohortId: string) {
  const learners = await countLearners(client, cohortId)
  if (learners > 0) throw { code: 'cohort_not_empty', learners }
  const { data, error } = await client.from('cohorts').delete().eq('id', cohortId).select('id')
  if (error) throw error
  if (data.length === 0) throw { code: 'forbidden' }
}
