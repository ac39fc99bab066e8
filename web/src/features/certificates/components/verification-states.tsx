// The verification page's other states: loading, a code that matches no certificate (unknown, mistyped and withdrawn
// alike — a deleted account's certificates are gone — shown without retrying and without naming anyone), too many
// lookups, and an API that cannot be reached.
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { FileQuestion, TriangleAlert } from 'lucide-react'
import { PageMessage, useRouteRetry } from '@/components/page-message'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorCode, errorMessage } from '@/lib/errors'

export function VerificationSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 py-4">
      <p role="status" className="sr-only">
        Checking the certificate…
      </p>
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  )
}

export function CertificateNotFound() {
  return (
    <PageMessage
      icon={FileQuestion}
      title="No certificate has this code"
      actions={
        <Button asChild>
          <Link to="/courses">Browse courses</Link>
        </Button>
      }
    >
      <p>
        This certificate does not exist or is no longer available. Check the link or the code printed on the
        certificate: it is 10 letters and digits.
      </p>
    </PageMessage>
  )
}

export function VerificationError({ error, reset }: ErrorComponentProps) {
  const retry = useRouteRetry(reset)
  const limited = errorCode(error) === 'rate_limited'
  return (
    <PageMessage
      tone="alert"
      icon={TriangleAlert}
      title={limited ? 'Too many certificate checks' : "We couldn't check this certificate"}
      actions={<Button onClick={retry}>Try again</Button>}
    >
      <p>
        {limited
          ? 'Too many codes that match no certificate were checked from your connection. Try again within the hour.'
          : errorMessage(error)}
      </p>
    </PageMessage>
  )
}
