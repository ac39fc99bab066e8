// Live sessions and deadlines of a course, on its page for enrolled learners: what is coming (title, when in the
// learner's time zone, a join link for live sessions), then the past ones behind a disclosure; an empty state when
// the instructor has planned none, and a retry when they cannot be loaded.
import { useQuery } from '@tanstack/react-query'
import { CalendarClock, CalendarX2, ChevronDown, ExternalLink, Flag, Video } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import type { CourseEvent } from '../api/events.api'
import { eventQueries } from '../api/events.queries'
import { formatEventTime, splitByNow } from '../lib/event-time'

export function CourseEvents({ courseId }: { courseId: string }) {
  const { data, error, isPending, refetch, isRefetching } = useQuery(eventQueries.course(courseId))

  return (
    <section aria-labelledby="course-events-heading" className="flex flex-col gap-4">
      <h2 id="course-events-heading" className="text-xl font-semibold text-slate-900">
        Live sessions and deadlines
      </h2>
      {isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading events…</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : error ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-slate-700">
          <p>The events could not be loaded. {errorMessage(error)}</p>
          <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
            {isRefetching ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      ) : (
        <EventLists events={data} />
      )}
    </section>
  )
}

function EventLists({ events }: { events: CourseEvent[] }) {
  const { upcoming, past } = splitByNow(events)
  return (
    <>
      {upcoming.length > 0 ? (
        <EventList events={upcoming} label="Upcoming events" />
      ) : (
        <EmptyState icon={CalendarX2} title="Nothing planned" as="h3" className="py-8">
          {past.length > 0
            ? 'There are no upcoming live sessions or deadlines in this course.'
            : 'When the instructor plans a live session or a deadline, it will appear here.'}
        </EmptyState>
      )}
      {past.length > 0 ? (
        <Collapsible>
          <CollapsibleTrigger className="group flex items-center gap-1 text-sm font-medium text-teal-800 hover:underline">
            <ChevronDown
              aria-hidden="true"
              className="size-4 transition-transform group-data-[state=open]:rotate-180"
            />
            Past events ({past.length})
          </CollapsibleTrigger>
          <CollapsibleContent className="mt-3">
            <EventList events={past} label="Past events" past />
          </CollapsibleContent>
        </Collapsible>
      ) : null}
    </>
  )
}

function EventList({ events, label, past = false }: { events: CourseEvent[]; label: string; past?: boolean }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {events.map((event) => (
        <EventRow key={event.id} event={event} past={past} />
      ))}
    </ul>
  )
}

function EventRow({ event, past }: { event: CourseEvent; past: boolean }) {
  const Icon = event.kind === 'live' ? Video : Flag
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:flex-nowrap">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="font-medium break-words text-slate-900">{event.title}</p>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {event.kind === 'live' ? 'Live session, ' : 'Deadline, '}
            <time dateTime={event.startsAt}>{formatEventTime(event.startsAt, event.endsAt)}</time>
          </span>
        </p>
      </div>
      {event.kind === 'live' && event.joinUrl && !past ? (
        <Button asChild variant="outline">
          <a href={event.joinUrl} target="_blank" rel="noopener noreferrer">
            Join
            <span className="sr-only">: {event.title} (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        </Button>
      ) : null}
    </li>
  )
}
