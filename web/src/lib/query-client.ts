// Creates the app's React Query client. One per app (and one per test, so caches never leak
// between tests).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { reachability } from './connection'
import { errorCode } from './errors'

/** How long before the one retry of a request that got no answer: quick, so an API that is down shows its error. */
export const RETRY_DELAY_MS = 400

/**
 * Retries a query once, and only when the request got no answer (a failed connection: no code) or the server was
 * briefly unavailable (5xx). A refusal, a missing row or a malformed id (any 4xx, any code) will not fix itself,
 * so it shows at once.
 */
export function retryUnansweredOnce(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : undefined
  if (status !== undefined && status >= 500) return true
  if (status !== undefined && status >= 400) return false
  // Parse failures (zod) are the client's own: the same answer would fail the same way.
  if (error instanceof Error && error.name === 'ZodError') return false
  return errorCode(error) === undefined
}

export function createQueryClient(): QueryClient {
  // Every request's outcome tells the app shell whether the API can be reached (the offline status).
  const report = {
    onError: (error: unknown) => reachability.report(error),
    onSuccess: () => reachability.report(null),
  }
  return new QueryClient({
    queryCache: new QueryCache(report),
    mutationCache: new MutationCache(report),
    defaultOptions: {
      queries: {
        // Course data changes rarely; 30 s avoids refetching on every navigation while still
        // picking up an instructor's edits quickly. Realtime covers the data that must be live.
        staleTime: 30_000,
        retry: retryUnansweredOnce,
        retryDelay: RETRY_DELAY_MS,
      },
    },
  })
}
