// The days a calendar view shows, in the learner's time zone: the month grid (Monday-first weeks around the month),
// a week, or the agenda's 30 days. Days are built with zone-aware dates (TZDate), so a daylight-saving day is one
// cell of 23 or 25 hours, never a shifted or repeated one. A day is named by its calendar date ('2026-11-03').
import { TZDate } from '@date-fns/tz'
import { addDays, addMonths, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns'
import type { CalendarView } from './calendar-views'

export { calendarViews, type CalendarView } from './calendar-views'

/** How many days the agenda lists from its first day. */
export const AGENDA_DAYS = 30

export interface CalendarDay {
  /** The calendar date, 'yyyy-MM-dd'. */
  key: string
  /** The day's first instant in the zone. */
  start: Date
  /** The next day's first instant (23, 24 or 25 hours later). */
  end: Date
  /** False for the leading and trailing days of other months in the month grid. */
  inMonth: boolean
}

export interface ViewRange {
  days: CalendarDay[]
  from: Date
  to: Date
}

const weekOptions = { weekStartsOn: 1 } as const

/** The zone's midnight at the start of a calendar date. */
export function dayStart(key: string, zone: string): TZDate {
  const [year = 1970, month = 1, date = 1] = key.split('-').map(Number)
  return new TZDate(year, month - 1, date, zone)
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** The calendar date of a date's own fields ('yyyy-MM-dd'; a TZDate's are its zone's). Not date-fns' format, whose
 * tokens and locale weigh about 6 KiB gzip in /calendar's first load for this one pattern. */
export function dayKey(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`
}

/** The calendar date an instant falls on in the zone. */
export function dayKeyOf(instant: string | Date, zone: string): string {
  return dayKey(new TZDate(new Date(instant).getTime(), zone))
}

export function todayKey(zone: string, now: Date = new Date()): string {
  return dayKeyOf(now, zone)
}

function daysBetween(first: TZDate, last: TZDate, month: TZDate | null): CalendarDay[] {
  const days: CalendarDay[] = []
  for (let day = first; day.getTime() <= last.getTime(); day = addDays(day, 1)) {
    const next = addDays(day, 1)
    days.push({
      key: dayKey(day),
      start: new Date(day.getTime()),
      end: new Date(next.getTime()),
      inMonth: month === null || (day.getMonth() === month.getMonth() && day.getFullYear() === month.getFullYear()),
    })
  }
  return days
}

export function monthDays(anchor: string, zone: string): CalendarDay[] {
  const month = startOfMonth(dayStart(anchor, zone))
  const first = startOfWeek(month, weekOptions)
  const last = startOfWeek(endOfWeek(endOfMonth(month), weekOptions), weekOptions)
  return daysBetween(first, addDays(last, 6), month)
}

export function weekDays(anchor: string, zone: string): CalendarDay[] {
  const first = startOfWeek(dayStart(anchor, zone), weekOptions)
  return daysBetween(first, addDays(first, 6), null)
}

export function agendaDays(anchor: string, zone: string): CalendarDay[] {
  const first = dayStart(anchor, zone)
  return daysBetween(first, addDays(first, AGENDA_DAYS - 1), null)
}

/** The days a view shows around its anchor date, and the instants that bound them (for calendar_items()). */
export function viewRange(view: CalendarView, anchor: string, zone: string): ViewRange {
  const days =
    view === 'month' ? monthDays(anchor, zone) : view === 'week' ? weekDays(anchor, zone) : agendaDays(anchor, zone)
  const first = days[0]
  const last = days.at(-1)
  if (!first || !last) throw new Error(`no days for ${view} at ${anchor}`)
  return { days, from: first.start, to: last.end }
}

/** Splits the month grid into weeks of seven. */
export function weeksOf(days: CalendarDay[]): CalendarDay[][] {
  const weeks: CalendarDay[][] = []
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7))
  return weeks
}

/** The anchor of the previous (-1) or next (1) month, week or agenda page. */
export function shiftAnchor(view: CalendarView, anchor: string, zone: string, step: -1 | 1): string {
  const start = dayStart(anchor, zone)
  if (view === 'month') return dayKey(addMonths(startOfMonth(start), step))
  return dayKey(addDays(start, step * (view === 'week' ? 7 : AGENDA_DAYS)))
}

/** Items by the calendar date they start on in the zone, each day's in start order. */
export function groupByDay<T extends { startsAt: string }>(items: T[], zone: string): Map<string, T[]> {
  const byDay = new Map<string, T[]>()
  const sorted = [...items].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
  for (const item of sorted) {
    const key = dayKeyOf(item.startsAt, zone)
    byDay.set(key, [...(byDay.get(key) ?? []), item])
  }
  return byDay
}
