// The header's membership query, on its own so every page's entry chunk carries it without the studio's queries.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isSchoolMember } from './membership.api'
import { studioKeys } from './studio-keys'

/** Whether I teach anywhere: the header offers the studio to members only. */
export const membershipQuery = (userId: string) =>
  queryOptions({
    queryKey: studioKeys.membership(userId),
    queryFn: () => isSchoolMember(supabase, userId),
    staleTime: 5 * 60_000,
  })
