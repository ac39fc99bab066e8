// The default error screen for any route whose loader or component throws: a plain sentence and
// a way forward, never a stack trace (PRODUCT.md §8). Details show only in development.
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  function retry() {
    // Clear failed queries too, otherwise useSuspenseQuery rethrows the cached error at once.
    queryErrorResetBoundary.reset()
    reset()
    void router.invalidate()
  }

  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-amber-600" />
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">
        This page could not be shown. Check your connection and try again; if it keeps happening, come back in a few
        minutes.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={retry}>Try again</Button>
        <Button variant="outline" asChild>
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
      {import.meta.env.DEV && error instanceof Error ? (
        <details className="w-full text-left text-sm text-slate-600">
          <summary className="cursor-pointer">Details for developers</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-slate-100 p-3 whitespace-pre-wrap">{error.message}</pre>
        </details>
      ) : null}
    </section>
  )
}
