// Query keys and options of my course invitations (TkDodo's factory): per signed-in user, so another account in
// the same tab never sees the last one's invitations.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { listMyCourseInvitations } from './invitations.api'

export const courseInvitationKeys = {
  all: ['course-invitations'] as const,
  mine: (userId: string) => [...courseInvitationKeys.all, userId] as const,
}

export const courseInvitationQueries = {
  mine: (userId: string) =>
    queryOptions({
      queryKey: courseInvitationKeys.mine(userId),
      queryFn: () => listMyCourseInvitations(supabase),
    }),
}
