// Placeholder for the course page while its outline loads: the same layout in grey blocks.
import { Skeleton } from '@/components/ui/skeleton'

export function CoursePageSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading the course…
      </p>
      <div className="flex flex-col gap-5 md:flex-row-reverse">
        <Skeleton className="aspect-video w-full rounded-xl md:w-72" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-12 w-full" />
          ))}
        </div>
        <Skeleton className="h-40 w-full rounded-xl lg:order-first lg:col-start-2" />
      </div>
    </div>
  )
}
