// Query keys and options for the account's privacy data: `privacyQueries.sessions(userId)`.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { listMySessions } from './privacy.api'

export const privacyQueries = {
  all: () => ['account-privacy'] as const,
  sessions: (userId: string) =>
    queryOptions({
      queryKey: [...privacyQueries.all(), 'sessions', userId] as const,
      queryFn: () => listMySessions(supabase),
    }),
}
