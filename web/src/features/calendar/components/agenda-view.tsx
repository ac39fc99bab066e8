// The agenda: the days of the next 30 that have something, each with its items in time order; a friendly line when
// the whole stretch is empty.
import { CalendarX2 } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import type { CalendarItem } from '../api/calendar.api'
import type { CalendarDay } from '../lib/calendar-grid'
import { longDay } from '@/lib/format/date'
import { CalendarItemList } from './calendar-item'

interface AgendaViewProps {
  days: CalendarDay[]
  byDay: Map<string, CalendarItem[]>
  zone: string
  today: string
}

export function AgendaView({ days, byDay, zone, today }: AgendaViewProps) {
  const busy = days.filter((day) => (byDay.get(day.key) ?? []).length > 0)
  if (busy.length === 0) {
    return (
      <EmptyState icon={CalendarX2} title="Nothing in these 30 days" as="h3" className="py-8">
        Plan study time for a course below, or look further ahead with “Next”.
      </EmptyState>
    )
  }
  return (
    <ol aria-label="Agenda" className="flex flex-col gap-5">
      {busy.map((day) => (
        <li key={day.key} data-day={day.key} className="flex flex-col gap-2">
          <h3 className="text-base font-semibold text-slate-900">
            {longDay(day.key)}
            {day.key === today ? ' (today)' : ''}
          </h3>
          <CalendarItemList items={byDay.get(day.key) ?? []} zone={zone} label={`Items on ${longDay(day.key)}`} />
        </li>
      ))}
    </ol>
  )
}
