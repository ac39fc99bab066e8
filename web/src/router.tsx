// Builds the app's router from the generated route tree. A factory rather than a singleton so
// tests can give each render its own memory history and query client.
import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { NotFound } from '@/components/not-found'
import { RouteError } from '@/components/route-error'
import { routeTree } from './routeTree.gen'

export interface CreateAppRouterOptions {
  queryClient: QueryClient
  /** Defaults to the browser history; tests pass `createMemoryHistory`. */
  history?: RouterHistory
}

export function createAppRouter({ queryClient, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history,
    defaultPreload: 'intent',
    // React Query owns caching and freshness; the router should always ask it on preload.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
