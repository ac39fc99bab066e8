// Typed data access for trophies: the catalogue (`achievements`, read by every signed-in user) and the learner's own
// awards (`user_achievements`, owner-readable under RLS) with the course each was earned in. Rows are parsed, so a
// column the app relies on going missing fails loudly here rather than as a blank card. Every function throws on error.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

export const achievementSchema = z.object({
  code: z.string(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
})
export type Achievement = z.infer<typeof achievementSchema>

export const earnedAchievementSchema = z.object({
  code: z.string(),
  earned_at: z.string(),
  course_id: z.nullable(z.string()),
  // Null when there is none, or when the learner can no longer read the course.
  course: z.nullable(z.object({ slug: z.string(), title: z.string() })),
})
export type EarnedAchievement = z.infer<typeof earnedAchievementSchema>

/** The catalogue in display order. */
export async function listAchievements(client: SupabaseClient): Promise<Achievement[]> {
  const { data, error } = await client
    .from('achievements')
    .select('code, position, title, description, icon')
    .order('position', { ascending: true })
  if (error) throw error
  return z.array(achievementSchema).parse(data)
}

/** The trophies `userId` has earned, newest first. */
export async function listEarnedAchievements(client: SupabaseClient, userId: string): Promise<EarnedAchievement[]> {
  const { data, error } = await client
    .from('user_achievements')
    .select('code, earned_at, course_id, course:courses(slug, title)')
    .eq('user_id', userId)
    .order('earned_at', { ascending: false })
  if (error) throw error
  return z.array(earnedAchievementSchema).parse(data)
}
