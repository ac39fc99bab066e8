// The invite page's states other than the invitation itself: loading, a link that is not valid (unknown, mistyped or
// revoked: one answer, the not-found state, shown without retrying) and a page that could not load.
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { LinkIcon, TriangleAlert } from 'lucide-react'
import { PageMessage, useRouteRetry } from '@/components/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'

export function InvitePageSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <p role="status" className="sr-only">
        Loading the invitation…
      </p>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="aspect-video w-full rounded-xl" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-10 w-40" />
    </div>
  )
}

export function InviteNotFound() {
  return (
    <PageMessage
      icon={LinkIcon}
      title="This invite link is not valid"
      actions={
        <Button asChild>
          <Link to="/courses">Browse courses</Link>
        </Button>
      }
    >
      <p>
        Check that you copied the whole link from your invitation. If it still does not work, the instructor may have
        withdrawn it: ask them for a new one.
      </p>
    </PageMessage>
  )
}

export function InviteLoadError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset)
  return (
    <PageMessage
      tone="alert"
      icon={TriangleAlert}
      title="We couldn't open this invitation"
      actions={<Button onClick={retry}>Try again</Button>}
    >
      <p>{errorMessage(error)} Your invite link is fine; it will still work once Summit can be reached.</p>
    </PageMessage>
  )
}
