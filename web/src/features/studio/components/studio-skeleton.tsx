// Placeholder for the studio screens while their data loads, announced once as loading.
import { Skeleton } from '@/components/ui/skeleton'

export function StudioSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading the studio…</span>
      <Skeleton className="h-9 w-40" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  )
}
