// Typed data access for the learner's stats: the one learner_stats() call that answers /stats and home's goal card,
// and the weekly goal's update on the learner's own profile. Every function throws on error.
import type { SupabaseClient } from '@/lib/supabase'
import { learnerStatsSchema, weeklyGoalSchema, type LearnerStats } from '../schemas/learner-stats.schema'

export async function getLearnerStats(client: SupabaseClient): Promise<LearnerStats> {
  const { data, error } = await client.rpc('learner_stats')
  if (error) throw error
  return learnerStatsSchema.parse(data)
}

export async function updateWeeklyGoal(client: SupabaseClient, userId: string, days: number): Promise<number> {
  const { data, error } = await client
    .from('profiles')
    .update({ weekly_goal_days: weeklyGoalSchema.parse(days) })
    .eq('id', userId)
    .select('weekly_goal_days')
    .single()
  if (error) throw error
  return data.weekly_goal_days
}
