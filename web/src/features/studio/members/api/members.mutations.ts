// Mutations on a school's members and invitations. Each refreshes exactly what it changes: the roster, the
// school's invitations, my own invitations, and (joining or leaving a school) my studio home and membership. The acts
// the database may refuse for want of a second factor (removing, leaving, changing an owner's role, inviting,
// accepting) go through step-up: the dialog asks for the factor and the act runs again.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useStepUp } from '@/lib/step-up'
import { supabase } from '@/lib/supabase'
import { studioKeys } from '../../api/studio.queries'
import {
  acceptInvitation,
  cancelInvitation,
  changeMemberRole,
  inviteMember,
  removeMember,
  type SchoolRole,
} from './members.api'
import { memberKeys } from './members.queries'

export function useInviteMember(schoolId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (values: { email: string; role: SchoolRole }) =>
      guard(() => inviteMember(supabase, { schoolId, ...values })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.invitations(schoolId) }),
  })
}

export function useChangeMemberRole(schoolId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (values: { userId: string; role: SchoolRole }) =>
      guard(() => changeMemberRole(supabase, schoolId, values.userId, values.role)),
    // Demoting myself changes what this page offers me, so my membership is read again too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.school(schoolId) }),
  })
}

export function useRemoveMember(schoolId: string, viewerId: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (userId: string) => guard(() => removeMember(supabase, schoolId, userId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.school(schoolId) }),
        // Leaving takes the school off my studio home (and maybe the header's Studio entry).
        queryClient.invalidateQueries({ queryKey: studioKeys.schoolLists() }),
        queryClient.invalidateQueries({ queryKey: studioKeys.membership(viewerId) }),
      ]),
  })
}

export function useCancelInvitation(schoolId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (email: string) => cancelInvitation(supabase, schoolId, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.invitations(schoolId) }),
  })
}

/** Accepting joins the school: my studio home and the header's Studio entry change. */
export function useAcceptInvitation(userId: string, email: string) {
  const queryClient = useQueryClient()
  const { guard } = useStepUp()
  return useMutation({
    mutationFn: (schoolId: string) => guard(() => acceptInvitation(supabase, schoolId)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.mine(email) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.schools(userId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.membership(userId) }),
      ]),
  })
}

export function useDeclineInvitation(email: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (schoolId: string) => cancelInvitation(supabase, schoolId, email),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.mine(email) }),
  })
}
