// Typed data access for the analytics page: the three checked calls (funnel, per-lesson numbers, at-risk
// learners) and the course's cohorts for the filter. Every function throws on error.
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'
import type { FunnelCounts } from '../lib/funnel'
import type { AnalyticsFilter } from '../lib/filter'

type Functions = Database['public']['Functions']
type GeneratedLessonRow = Functions['course_analytics_lessons']['Returns'][number]
type GeneratedAtRiskRow = Functions['course_analytics_at_risk']['Returns'][number]

/** The generator types every column of a function's table as non-null; these can be null. */
export type LessonStat = Omit<GeneratedLessonRow, 'median_seconds'> & { median_seconds: number | null }
export type AtRiskRow = Omit<GeneratedAtRiskRow, 'last_activity_at' | 'last_lesson_id' | 'last_lesson_title'> & {
  last_activity_at: string | null
  last_lesson_id: string | null
  last_lesson_title: string | null
}

export interface AtRiskPage {
  rows: AtRiskRow[]
  total: number
}

export const AT_RISK_PAGE_SIZE = 50

const args = (courseId: string, filter: AnalyticsFilter) => ({
  course_id: courseId,
  cohort_id: filter.cohortId,
  enrolled_from: filter.enrolledFrom,
  enrolled_to: filter.enrolledTo,
})

export async function getFunnel(
  client: SupabaseClient,
  courseId: string,
  filter: AnalyticsFilter,
): Promise<FunnelCounts> {
  const { data, error } = await client.rpc('course_analytics_funnel', args(courseId, filter))
  if (error) throw error
  const row = data[0]
  if (!row) throw new Error('The funnel call answered no row.')
  return row
}

export async function listLessonStats(
  client: SupabaseClient,
  courseId: string,
  filter: AnalyticsFilter,
): Promise<LessonStat[]> {
  const { data, error } = await client.rpc('course_analytics_lessons', args(courseId, filter))
  if (error) throw error
  return data
}

export async function listAtRisk(
  client: SupabaseClient,
  courseId: string,
  filter: AnalyticsFilter,
): Promise<AtRiskPage> {
  const { data, error } = await client.rpc('course_analytics_at_risk', {
    ...args(courseId, filter),
    page_size: AT_RISK_PAGE_SIZE,
  })
  if (error) throw error
  const rows: AtRiskRow[] = data
  return { rows, total: rows[0]?.total_count ?? 0 }
}

export interface CohortOption {
  id: string
  name: string
}

export async function listCohortOptions(client: SupabaseClient, courseId: string): Promise<CohortOption[]> {
  const { data, error } = await client.from('cohorts').select('id, name').eq('course_id', courseId).order('starts_at')
  if (error) throw error
  return data
}
