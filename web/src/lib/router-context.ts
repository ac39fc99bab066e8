// What every route can read from `context` (loaders use the query client to prefetch with
// `ensureQueryData`). Kept apart from the router so routes can import it without a cycle.
import type { QueryClient } from '@tanstack/react-query'

export interface RouterContext {
  queryClient: QueryClient
}
