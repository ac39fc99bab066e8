// Home's "Upcoming": the next three calendar items (study sessions, live sessions, deadlines) of the next 60 days in
// the learner's time zone, or a way to plan study time on /calendar when there is nothing ahead.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Calendar } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { calendarQueries } from '../api/calendar.queries'
import { CalendarItemRow } from './calendar-item'

export function UpcomingCard({ userId }: { userId: string }) {
  const zone = useQuery(calendarQueries.timeZone(userId))
  const items = useQuery(calendarQueries.upcoming(userId))
  return (
    <section
      aria-labelledby="upcoming-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="upcoming-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Calendar aria-hidden="true" className="size-5 text-teal-700" />
          Upcoming
        </h2>
        <Link to="/calendar" className="text-sm font-medium text-teal-800 hover:underline">
          Open your calendar
        </Link>
      </div>
      {zone.isPending || items.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading what is coming up…
          </p>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </>
      ) : zone.isError || items.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <p>What is coming up could not be loaded. {errorMessage(zone.error ?? items.error)}</p>
          <Button
            variant="outline"
            onClick={() => {
              void zone.refetch()
              void items.refetch()
            }}
          >
            Try again
          </Button>
        </div>
      ) : items.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 text-slate-600">
          <p>Nothing planned in the next 60 days.</p>
          <Button asChild variant="outline">
            <Link to="/calendar">Plan your study time</Link>
          </Button>
        </div>
      ) : (
        <ul aria-label="Next items" className="flex flex-col gap-2">
          {items.data.map((item) => (
            <CalendarItemRow key={`${item.kind}-${item.id}`} item={item} zone={zone.data} withDay />
          ))}
        </ul>
      )}
    </section>
  )
}
