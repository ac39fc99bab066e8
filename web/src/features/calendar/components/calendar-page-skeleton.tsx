// The calendar page while the learner's time zone loads: the heading, the view switch and the grid's space.
import { Skeleton } from '@/components/ui/skeleton'
import { CalendarHeading } from './calendar-page'

export function CalendarPageSkeleton() {
  return (
    <div className="flex flex-col gap-8">
      <p role="status" className="sr-only">
        Loading your calendar…
      </p>
      <CalendarHeading />
      <Skeleton className="h-11 w-64 rounded-lg" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  )
}
