// Placeholder for the school page while it loads: the band, the about text and a row of course cards in grey.
import { Skeleton } from '@/components/ui/skeleton'

export function SchoolPageSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading the school…
      </p>
      <div className="flex items-center gap-4 rounded-xl border border-slate-200 p-5">
        <Skeleton className="size-20 rounded-lg" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-8 w-2/3" />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="aspect-video w-full rounded-xl" />
        ))}
      </div>
    </div>
  )
}
