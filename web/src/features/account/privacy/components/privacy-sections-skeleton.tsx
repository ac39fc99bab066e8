// Placeholder for the privacy sections while their chunk loads.
import { Skeleton } from '@/components/ui/skeleton'

export function PrivacySectionsSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <p role="status" className="sr-only">
        Loading your sessions and data settings…
      </p>
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
    </div>
  )
}
