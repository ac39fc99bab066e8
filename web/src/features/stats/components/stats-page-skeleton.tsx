// The stats page while learner_stats() answers: the heading, two streak cards, the heatmap and a chart.
import { Skeleton } from '@/components/ui/skeleton'
import { StatsHeading } from './stats-page'

export function StatsPageSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading your stats…
      </p>
      <StatsHeading />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  )
}
