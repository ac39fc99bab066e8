// Query keys and options for the learner's stats (TkDodo's factory). learner_stats() takes no argument and always
// answers about the caller, so the user id is in the key only to keep one learner's numbers from another's.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getLearnerStats } from './stats.api'

export const statsKeys = {
  all: () => ['stats'] as const,
  learner: (userId: string) => [...statsKeys.all(), 'learner', userId] as const,
}

export const statsQueries = {
  learner: (userId: string) =>
    queryOptions({
      queryKey: statsKeys.learner(userId),
      queryFn: () => getLearnerStats(supabase),
    }),
}
