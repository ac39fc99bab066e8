// Query options for the providers Auth has enabled: `socialQueries.providers()`. Settings change only when the
// stack restarts, so one answer serves the whole visit.
import { queryOptions } from '@tanstack/react-query'
import { fetchAuthProviders } from './social.api'

export const socialQueries = {
  providers: () =>
    queryOptions({
      queryKey: ['auth-settings', 'external'] as const,
      queryFn: fetchAuthProviders,
      staleTime: Infinity,
    }),
}
