// The instructor's actions on the roster. Each invalidates the course's rosters (every filter and page), which is
// what a removal, a move or an addition changes; the learner's progress stays as it was.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { addLearners, moveLearnerToCohort, removeLearner } from './learners.api'
import { learnersKeys } from './learners.queries'

export function useAddLearners(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { emails: string[]; cohortId: string | null }) => addLearners(supabase, { courseId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnersKeys.rosters(courseId) }),
  })
}

export function useRemoveLearner(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { enrollmentId: string; reason: string }) =>
      removeLearner(supabase, input.enrollmentId, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnersKeys.rosters(courseId) }),
  })
}

export function useMoveLearner(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { enrollmentId: string; cohortId: string | null }) =>
      moveLearnerToCohort(supabase, input.enrollmentId, input.cohortId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnersKeys.rosters(courseId) }),
  })
}
