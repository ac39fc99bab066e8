// Answering an invitation: accepting enrolls me, so my invitations, my course list and the course's outline (now
// open to me) are stale; declining changes my invitations only. The refreshes are not awaited, so the page can say
// what happened before the answered invitation leaves the list.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { courseKeys } from '@/lib/courses/course-keys'
import { supabase } from '@/lib/supabase'
import { acceptCourseInvitation, declineCourseInvitation } from './invitations.api'
import { courseInvitationKeys } from './invitations.queries'

export function useAcceptCourseInvitation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => acceptCourseInvitation(supabase, invitationId),
    onSuccess: ({ course_slug }) => {
      void queryClient.invalidateQueries({ queryKey: courseInvitationKeys.mine(userId) })
      void queryClient.invalidateQueries({ queryKey: courseKeys.mine() })
      void queryClient.invalidateQueries({ queryKey: courseKeys.outline(course_slug) })
    },
  })
}

export function useDeclineCourseInvitation(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (invitationId: string) => declineCourseInvitation(supabase, invitationId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: courseInvitationKeys.mine(userId) }),
  })
}
