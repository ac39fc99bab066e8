// The page's list: every trophy of the catalogue in its order, each with the learner's award when they have one.
import type { Achievement, EarnedAchievement } from '../api/achievements.api'

export interface TrophyItem extends Achievement {
  earned: EarnedAchievement | null
}

export function toTrophyList(catalogue: Achievement[], earned: EarnedAchievement[]): TrophyItem[] {
  const byCode = new Map(earned.map((award) => [award.code, award]))
  return [...catalogue]
    .sort((a, b) => a.position - b.position)
    .map((achievement) => ({ ...achievement, earned: byCode.get(achievement.code) ?? null }))
}
