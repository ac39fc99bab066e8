// Query keys and options for school members (TkDodo's factory, beside the studio's): every input of a query
// function is in its key. Refusals are not retried; a network failure is, once (the studio's rule).
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { retryNetworkOnce, studioKeys } from '../../api/studio.queries'
import { getMembersSchool, listInvitations, listMembers, listMyInvitations } from './members.api'

export const memberKeys = {
  school: (schoolId: string) => [...studioKeys.all(), 'school', schoolId] as const,
  membership: (schoolId: string, userId: string) => [...memberKeys.school(schoolId), 'membership', userId] as const,
  roster: (schoolId: string) => [...memberKeys.school(schoolId), 'members'] as const,
  invitations: (schoolId: string) => [...memberKeys.school(schoolId), 'invitations'] as const,
  mine: (email: string) => [...studioKeys.all(), 'my-invitations', email] as const,
}

export const memberQueries = {
  school: (schoolId: string, userId: string) =>
    queryOptions({
      queryKey: memberKeys.membership(schoolId, userId),
      queryFn: () => getMembersSchool(supabase, schoolId, userId),
      retry: retryNetworkOnce,
    }),
  roster: (schoolId: string) =>
    queryOptions({
      queryKey: memberKeys.roster(schoolId),
      queryFn: () => listMembers(supabase, schoolId),
      retry: retryNetworkOnce,
    }),
  invitations: (schoolId: string) =>
    queryOptions({
      queryKey: memberKeys.invitations(schoolId),
      queryFn: () => listInvitations(supabase, schoolId),
      retry: retryNetworkOnce,
    }),
  mine: (email: string) =>
    queryOptions({
      queryKey: memberKeys.mine(email),
      queryFn: () => listMyInvitations(supabase, email),
      retry: retryNetworkOnce,
    }),
}
