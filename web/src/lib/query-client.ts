// Creates the app's React Query client. One per app (and one per test, so caches never leak
// between tests).
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Course data changes rarely; 30 s avoids refetching on every navigation while still
        // picking up an instructor's edits quickly. Realtime covers the data that must be live.
        staleTime: 30_000,
        // A 4xx from RLS or a missing row will not fix itself; retry only once for flaky networks.
        retry: 1,
      },
    },
  })
}
