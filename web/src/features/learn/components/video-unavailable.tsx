// What a video lesson shows in the video's place while there is none to play: no video uploaded yet, the video
// loading, or an error with a retry. "Mark complete" stays under it.
import type { ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'

export interface VideoUnavailableProps {
  state: 'none' | 'loading' | 'error'
  error: unknown
  onRetry: () => void
  complete?: ReactNode
}

export function VideoUnavailable({ state, error, onRetry, complete }: VideoUnavailableProps) {
  return (
    <div className="flex flex-col gap-3">
      {state === 'none' ? (
        <Alert tone="info">This lesson has no video yet.</Alert>
      ) : state === 'loading' ? (
        <Skeleton className="aspect-video w-full" aria-label="Loading the video" role="status" />
      ) : (
        <Alert tone="error" title="The video could not be loaded">
          <p>{errorMessage(error)}</p>
          <Button variant="outline" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {complete}
    </div>
  )
}
