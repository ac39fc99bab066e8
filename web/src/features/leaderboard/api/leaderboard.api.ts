// Typed data access for course leaderboards: the board of one course (course_leaderboard: this week's minutes of
// the course's opted-in learners, for its learners and staff only — rank, display name, minutes and whether the row
// is the caller's, nothing else) and the caller's own opt-in (profiles.leaderboard_opt_in, off by default). Rows are
// parsed, so a column the page relies on going missing fails here. Every function throws on error.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

export const leaderboardRowSchema = z.object({
  rank: z.number(),
  display_name: z.string(),
  minutes: z.number(),
  is_me: z.boolean(),
})
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>

/** This week's board of `courseId`, best first (at most 50 rows). */
export async function getCourseLeaderboard(client: SupabaseClient, courseId: string): Promise<LeaderboardRow[]> {
  const { data, error } = await client.rpc('course_leaderboard', { course_id: courseId })
  if (error) throw error
  return z.array(leaderboardRowSchema).parse(data)
}

/** Whether `userId` shows on the leaderboards of their courses. */
export async function getLeaderboardOptIn(client: SupabaseClient, userId: string): Promise<boolean> {
  const { data, error } = await client.from('profiles').select('leaderboard_opt_in').eq('id', userId).single()
  if (error) throw error
  return data.leaderboard_opt_in
}

export async function setLeaderboardOptIn(client: SupabaseClient, userId: string, optIn: boolean): Promise<boolean> {
  const { data, error } = await client
    .from('profiles')
    .update({ leaderboard_opt_in: optIn })
    .eq('id', userId)
    .select('leaderboard_opt_in')
    .single()
  if (error) throw error
  return data.leaderboard_opt_in
}
