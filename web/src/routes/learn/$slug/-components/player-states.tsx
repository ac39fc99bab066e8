// The player's loading, error and not-found screens.
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { SearchX, TriangleAlert } from 'lucide-react'
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
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  function retry() {
    queryErrorResetBoundary.reset()
    reset()
    void router.invalidate()
  }
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <TriangleAlert aria-hidden="true" className="size-10 text-amber-600" />
      <h1 className="text-xl font-semibold text-slate-900">This lesson could not be opened</h1>
      <p className="text-slate-600">{errorMessage(error)}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={retry}>Try again</Button>
        <Button variant="outline" asChild>
          <Link to="/courses">Browse courses</Link>
        </Button>
      </div>
    </section>
  )
}

export function LessonNotFound() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <SearchX aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="text-xl font-semibold text-slate-900">Lesson not found</h1>
      <p className="text-slate-600">
        We couldn't find this lesson. The link may be old, or the lesson may have moved or been removed.
      </p>
      <Button asChild>
        <Link to="/courses">Browse courses</Link>
      </Button>
    </section>
  )
}
