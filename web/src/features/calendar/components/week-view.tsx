// The week view: Monday to Sunday, each day with its items in time order (or "Nothing planned"); seven columns on a
// wide screen, one under the other on a narrow one.
import { cn } from '@/lib/cn'
import type { CalendarItem } from '../api/calendar.api'
import type { CalendarDay } from '../lib/calendar-grid'
import { longDay } from '@/lib/format/date'
import { CalendarItemList } from './calendar-item'

interface WeekViewProps {
  days: CalendarDay[]
  byDay: Map<string, CalendarItem[]>
  zone: string
  today: string
}

export function WeekView({ days, byDay, zone, today }: WeekViewProps) {
  return (
    <ol aria-label="Days of the week" className="grid gap-3 lg:grid-cols-7">
      {days.map((day) => {
        const items = byDay.get(day.key) ?? []
        const isToday = day.key === today
        return (
          <li
            key={day.key}
            data-day={day.key}
            className={cn(
              'flex flex-col gap-2 rounded-xl border border-slate-200 bg-slate-50 p-2',
              isToday && 'border-teal-700 bg-teal-50',
            )}
          >
            <h3 className="text-sm font-semibold text-slate-900">
              {longDay(day.key)}
              {isToday ? ' (today)' : ''}
            </h3>
            {items.length > 0 ? (
              <CalendarItemList items={items} zone={zone} label={`Items on ${longDay(day.key)}`} compact />
            ) : (
              <p className="text-sm text-slate-600">Nothing planned.</p>
            )}
          </li>
        )
      })}
    </ol>
  )
}
