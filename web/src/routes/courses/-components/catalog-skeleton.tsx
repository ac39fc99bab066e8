// Shown while the catalog's first page loads: the heading and placeholder cards, announced once as "Loading".
import { CourseCardSkeleton, CourseGrid } from '@/features/courses/components/course-card'
import { Skeleton } from '@/components/ui/skeleton'
import { CatalogHeading } from './catalog-heading'

export function CatalogSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <CatalogHeading />
      <p role="status" className="sr-only">
        Loading courses…
      </p>
      <Skeleton className="h-11 w-full" />
      <CourseGrid>
        {Array.from({ length: 6 }, (_, index) => (
          <CourseCardSkeleton key={index} />
        ))}
      </CourseGrid>
    </div>
  )
}
