// Answering an invitation: accepting enrolls me, so my invitations, my course list and the course's outline (now
// open to me) are stale; declining changes my invitations only.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import { acceptCourseInvitation, declineCourseInvitation } from './invitations.api'
import { courseInvitationKeys } from './invitations.queries'

export function useAcceptCourseInvitation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => acceptCourseInvitation(supabase, invitationId),
    onSuccess: ({ course_slug }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseInvitationKeys.mine(userId) }),
        queryClient.invalidateQueries({ queryKey: courseKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: courseKeys.outline(course_slug) }),
      ]),
  })
}

export function useDeclineCourseInvitation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => declineCourseInvitation(supabase, invitationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseInvitationKeys.mine(userId) }),
  })
}
