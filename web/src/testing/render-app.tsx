// Renders the whole app (real route tree, providers) at a URL, on a memory history, with a fresh
// query client, and waits until the router has settled so tests start from a rendered page.
import { act, render } from '@testing-library/react'
import { createMemoryHistory } from '@tanstack/react-router'
import { App } from '@/app'
import { createQueryClient } from '@/lib/query-client'
import { createAppRouter } from '@/router'

export async function renderApp(url = '/') {
  const queryClient = createQueryClient()
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [url] }) })
  // Load before rendering: with code splitting, route components arrive asynchronously.
  await act(() => router.load())
  const result = render(<App queryClient={queryClient} router={router} />)
  return { ...result, router, queryClient }
}
