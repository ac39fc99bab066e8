// The instructor's live sessions and deadlines of a course: listed in time order in the viewer's time zone, for the
// whole course or a cohort; create, edit and delete. Enrolled learners see them on the course page.
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Calendar, Plus } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import type { Cohort } from '../api/cohorts.api'
import { courseAccessQueries } from '../api/course-access.queries'
import { useDeleteEvent, useSaveEvent } from '../api/course-access.mutations'
import type { PlannedEvent } from '../api/events.api'
import { formatDateTime, formatDateTimeRange } from '../lib/date-time'
import { cohortName } from './cohort-select'
import { ConfirmButton } from '@/components/confirm-button'
import { EventForm } from './event-form'
import { Facts, ListCard, Panel, PanelError, PanelLoading } from './panel'

export function EventsPanel({ courseId }: { courseId: string }) {
  const events = useQuery(courseAccessQueries.events(courseId))
  const cohorts = useQuery(courseAccessQueries.cohorts(courseId))
  const save = useSaveEvent(courseId)
  const [creating, setCreating] = useState(false)

  return (
    <Panel
      title="Live sessions and deadlines"
      description="Enrolled learners see these on the course page: the whole course's, and their own cohort's."
      action={
        creating ? null : (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New event
          </Button>
        )
      }
    >
      {creating ? (
        <EventForm
          cohorts={cohorts.data ?? []}
          onSave={(input) => save.mutateAsync({ id: null, input })}
          onDone={() => setCreating(false)}
        />
      ) : null}
      {events.isPending ? (
        <PanelLoading label="Loading events…" />
      ) : events.isError ? (
        <PanelError error={events.error} what="events" onRetry={() => void events.refetch()} />
      ) : events.data.length === 0 ? (
        <EmptyState icon={Calendar} as="h3" title="No live sessions or deadlines yet">
          Plan a live session or set a deadline, for everyone or for one cohort.
        </EmptyState>
      ) : (
        <ul aria-label="Live sessions and deadlines" className="flex flex-col gap-3">
          {events.data.map((event) => (
            <EventRow key={event.id} courseId={courseId} event={event} cohorts={cohorts.data} />
          ))}
        </ul>
      )}
    </Panel>
  )
}

function EventRow({
  courseId,
  event,
  cohorts,
}: {
  courseId: string
  event: PlannedEvent
  cohorts: Cohort[] | undefined
}) {
  const save = useSaveEvent(courseId)
  const remove = useDeleteEvent(courseId)
  const [editing, setEditing] = useState(false)

  if (editing) {
    return (
      <li>
        <EventForm
          initial={event}
          cohorts={cohorts ?? []}
          onSave={(input) => save.mutateAsync({ id: event.id, input })}
          onDone={() => setEditing(false)}
        />
      </li>
    )
  }
  const when = event.endsAt ? formatDateTimeRange(event.startsAt, event.endsAt) : formatDateTime(event.startsAt)
  const facts: [string, ReactNode][] = [
    [event.kind === 'live' ? 'When' : 'Due', when],
    ['For', cohortName(cohorts, event.cohortId)],
  ]
  if (event.joinUrl) {
    facts.push([
      'Join link',
      <a key="url" href={event.joinUrl} className="text-teal-800 underline" target="_blank" rel="noreferrer">
        {event.joinUrl}
      </a>,
    ])
  }
  return (
    <ListCard>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="font-medium break-words text-slate-900">
          {event.title}
          <span className="ml-2 text-sm font-normal text-slate-600">
            {event.kind === 'live' ? 'Live session' : 'Deadline'}
          </span>
        </h3>
        <Facts items={facts} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-label={`Edit ${event.title}`} onClick={() => setEditing(true)}>
          Edit
        </Button>
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete ${event.title}`}
          title={`Delete ${event.title}?`}
          description={<p>Learners no longer see it on the course page. This cannot be undone.</p>}
          confirmLabel="Delete event"
          onConfirm={() => remove.mutateAsync(event.id)}
        />
      </div>
    </ListCard>
  )
}
