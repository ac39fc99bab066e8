// The default error screen for any route whose loader or component throws: a plain sentence and
// a way forward, never a stack trace (PRODUCT.md §8). Details show only in development.
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { PageMessage, useRouteRetry } from './page-message'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset)
  return (
    <PageMessage
      tone="alert"
      icon={TriangleAlert}
      title="Something went wrong"
      actions={
        <>
          <Button onClick={retry}>Try again</Button>
          <Button variant="outline" asChild>
            <Link to="/">Go to the home page</Link>
          </Button>
        </>
      }
    >
      <p>
        This page could not be shown. Check your connection and try again; if it keeps happening, come back in a few
        minutes.
      </p>
      {import.meta.env.DEV && error instanceof Error ? (
        <details className="mt-4 w-full text-left text-sm">
          <summary className="cursor-pointer">Details for developers</summary>
          <pre className="mt-2 overflow-x-auto rounded-md bg-slate-100 p-3 whitespace-pre-wrap">{error.message}</pre>
        </details>
      ) : null}
    </PageMessage>
  )
}
