// Achievement queries (TkDodo's pattern): a key factory whose leaves return `queryOptions`; the toast listener
// invalidates `achievementKeys.earned(userId)` when a trophy arrives, the catalogue changes only with migrations.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { listAchievements, listEarnedAchievements } from './achievements.api'

export const achievementKeys = {
  all: ['achievements'] as const,
  catalogue: () => [...achievementKeys.all, 'catalogue'] as const,
  earned: (userId: string) => [...achievementKeys.all, 'earned', userId] as const,
}

export const achievementQueries = {
  catalogue: () =>
    queryOptions({
      queryKey: achievementKeys.catalogue(),
      queryFn: () => listAchievements(supabase),
      staleTime: 60 * 60 * 1000,
    }),
  earned: (userId: string) =>
    queryOptions({
      queryKey: achievementKeys.earned(userId),
      queryFn: () => listEarnedAchievements(supabase, userId),
    }),
}
