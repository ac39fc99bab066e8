// Query keys and options for profiles: `profileQueries.detail(userId)`.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { getProfile } from './profile.api'

export const profileQueries = {
  all: () => ['profiles'] as const,
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...profileQueries.all(), userId] as const,
      queryFn: () => getProfile(supabase, userId),
    }),
}
