// The player's loading, error and not-found screens.
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { SearchX, TriangleAlert } from 'lucide-react'
import { PageMessage, useRouteRetry } from '@/components/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'

export function PlayerLoading() {
  return (
    <div role="status" aria-label="Loading the lesson" className="flex flex-col gap-4">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="aspect-video w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  )
}

export function PlayerError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset)
  return (
    <PageMessage
      tone="alert"
      icon={TriangleAlert}
      title="This lesson could not be opened"
      actions={
        <>
          <Button onClick={retry}>Try again</Button>
          <Button variant="outline" asChild>
            <Link to="/courses">Browse courses</Link>
          </Button>
        </>
      }
    >
      <p>{errorMessage(error)}</p>
    </PageMessage>
  )
}

export function LessonNotFound() {
  return (
    <PageMessage
      icon={SearchX}
      title="Lesson not found"
      actions={
        <Button asChild>
          <Link to="/courses">Browse courses</Link>
        </Button>
      }
    >
      <p>We couldn't find this lesson. The link may be old, or the lesson may have moved or been removed.</p>
    </PageMessage>
  )
}
