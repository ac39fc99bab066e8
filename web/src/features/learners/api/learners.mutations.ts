// The instructor's actions on the roster. Each invalidates the course's rosters (every filter and page), which is
// what a removal, a move, an invitation or its cancellation changes; the learner's progress stays as it was. Removing a learner and
// revoking a certificate need a second factor: the step-up dialog asks for it and the act runs again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useStepUp } from '@/lib/step-up'
import { certificateKeys } from '@/lib/certificates/my-certificates'
import { revokeCertificate } from '@/lib/certificates/course-certificates'
import { supabase } from '@/lib/supabase'
import { addLearners, cancelInvitation, moveLearnerToCohort, removeLearner } from './learners.api'
import { learnersKeys } from './learners.queries'

export function useAddLearners(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { emails: string[]; cohortId: string | null }) => addLearners(supabase, { courseId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnersKeys.rosters(courseId) }),
  })
}

export function useCancelInvitation(courseId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => cancelInvitation(supabase, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learnersKeys.rosters(courseId) }),
  })
}

export function useRemoveLearner(courseId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (input: { enrollmentId: string; reason: string }) =>
      guard(() => removeLearner(supabase, input.enrollmentId, input.reason)),
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

/** Revokes a learner's certificate (course_certificates' cache refreshed), asking for a second factor when needed. */
export function useRevokeLearnerCertificate(courseId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (input: { certificateId: string; reason: string }) =>
      guard(() => revokeCertificate(supabase, input.certificateId, input.reason)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.course(courseId) }),
  })
}
