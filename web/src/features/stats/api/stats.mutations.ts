// The weekly goal's mutation: the cached stats take the new goal at once (and whether this week now meets it), and
// are refetched after the save either way, so a refused save puts the saved goal back.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { updateWeeklyGoal } from './stats.api'
import { statsKeys } from './stats.queries'

export function useUpdateWeeklyGoal(userId: string) {
  const queryClient = useQueryClient()
  const key = statsKeys.learner(userId)
  return useMutation({
    mutationFn: (days: number) => updateWeeklyGoal(supabase, userId, days),
    onMutate: async (days) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<LearnerStats>(key, (stats) =>
        stats ? { ...stats, goal: { ...stats.goal, days_per_week: days, met: stats.goal.met_days >= days } } : stats,
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
