// Leaderboard queries (TkDodo's pattern): the live channel invalidates `leaderboardKeys.board(courseId)` when the
// database announces a change; changing the opt-in invalidates every board (the learner appears or leaves).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getCourseLeaderboard, getLeaderboardOptIn, setLeaderboardOptIn } from './leaderboard.api'

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  boards: () => [...leaderboardKeys.all, 'board'] as const,
  board: (courseId: string) => [...leaderboardKeys.boards(), courseId] as const,
  optIn: (userId: string) => [...leaderboardKeys.all, 'opt-in', userId] as const,
}

export const leaderboardQueries = {
  board: (courseId: string) =>
    queryOptions({
      queryKey: leaderboardKeys.board(courseId),
      queryFn: () => getCourseLeaderboard(supabase, courseId),
    }),
  optIn: (userId: string) =>
    queryOptions({
      queryKey: leaderboardKeys.optIn(userId),
      queryFn: () => getLeaderboardOptIn(supabase, userId),
    }),
}

export function useSetLeaderboardOptIn(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (optIn: boolean) => setLeaderboardOptIn(supabase, userId, optIn),
    onSuccess: (optIn) => {
      queryClient.setQueryData(leaderboardKeys.optIn(userId), optIn)
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.boards() })
    },
  })
}
