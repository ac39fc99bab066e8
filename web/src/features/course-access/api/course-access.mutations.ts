// Mutations of a course's cohorts, invite links, access codes and events, each invalidating exactly what it
// changes. Deleting a cohort also deletes its links, codes and events (foreign keys cascade), so it refreshes all.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { createCohort, deleteCohort, updateCohort, type CohortInput } from './cohorts.api'
import { courseAccessKeys } from './course-access.queries'
import { createEvent, deleteEvent, updateEvent, type EventInput } from './events.api'
import {
  createAccessCode,
  createInvite,
  revokeAccessCode,
  revokeInvite,
  type AccessCodeInput,
  type InviteInput,
} from './grants.api'

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: key })
}

export function useCreateCohort(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.cohorts(courseId))
  return useMutation({ mutationFn: (input: CohortInput) => createCohort(supabase, courseId, input), onSuccess })
}

export function useUpdateCohort(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.cohorts(courseId))
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: CohortInput }) => updateCohort(supabase, id, input),
    onSuccess,
  })
}

export function useDeleteCohort(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.course(courseId))
  return useMutation({ mutationFn: (id: string) => deleteCohort(supabase, id), onSuccess })
}

export function useCreateInvite(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.invites(courseId))
  return useMutation({ mutationFn: (input: InviteInput) => createInvite(supabase, courseId, input), onSuccess })
}

export function useRevokeInvite(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.invites(courseId))
  return useMutation({ mutationFn: (id: string) => revokeInvite(supabase, id), onSuccess })
}

export function useCreateAccessCode(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.codes(courseId))
  return useMutation({
    mutationFn: (input: AccessCodeInput) => createAccessCode(supabase, courseId, input),
    onSuccess,
  })
}

export function useRevokeAccessCode(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.codes(courseId))
  return useMutation({ mutationFn: (id: string) => revokeAccessCode(supabase, id), onSuccess })
}

export function useSaveEvent(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.events(courseId))
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: EventInput }) =>
      id ? updateEvent(supabase, id, input) : createEvent(supabase, courseId, input),
    onSuccess,
  })
}

export function useDeleteEvent(courseId: string) {
  const onSuccess = useInvalidate(courseAccessKeys.events(courseId))
  return useMutation({ mutationFn: (id: string) => deleteEvent(supabase, id), onSuccess })
}
