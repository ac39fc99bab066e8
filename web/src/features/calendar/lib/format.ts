// Words for the calendar in the learner's time zone, with Intl only (no date library), so home's "Upcoming" card
// stays small: an item's time and kind, a day's heading, the title of a month or week page, and a study plan's
// state ("2 sessions ahead, last on 14 Jan — reaches your target").
import { plural, pluralWord } from '@/lib/format/plural'
import type { CalendarKind } from '../schemas/calendar.schemas'
import type { PlanState } from '../schemas/plan.schemas'

export const kindLabels: Record<CalendarKind, string> = {
  study: 'Study session',
  live: 'Live session',
  deadline: 'Deadline',
}

const locale = 'en-GB'

function clock(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone })
}

/** "18:00–18:30" for a session, "Due 23:59" for a deadline. */
export function itemTime(item: { startsAt: string; endsAt: string | null }, zone: string): string {
  const format = clock(zone)
  const start = format.format(new Date(item.startsAt))
  return item.endsAt ? `${start}–${format.format(new Date(item.endsAt))}` : `Due ${start}`
}

/** "Thu 26 Nov", the day an instant falls on in the zone. */
export function itemDay(instant: string, zone: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(
    new Date(instant),
  )
}

/** "Thu 26 Nov, 18:00", for one instant in the zone. */
export function shortMoment(instant: string, zone: string): string {
  const date = new Date(instant)
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone })
  return `${day.format(date)}, ${clock(zone).format(date)}`
}

function utcDate(key: string): Date {
  const [year = 1970, month = 1, date = 1] = key.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, date))
}

function formatDay(key: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(utcDate(key))
}

/** "14 Jan". */
export function shortDate(key: string): string {
  return formatDay(key, { day: 'numeric', month: 'short' })
}

/** "November 2026". */
export function monthTitle(key: string): string {
  return formatDay(key, { month: 'long', year: 'numeric' })
}

/** "26 Nov – 2 Dec 2026". */
export function rangeTitle(firstKey: string, lastKey: string): string {
  const last = formatDay(lastKey, { day: 'numeric', month: 'short', year: 'numeric' })
  return `${shortDate(firstKey)} – ${last}`
}

export interface PlanWords {
  /** What lies ahead and whether it reaches the target. */
  summary: string
  /** When the planned sessions cover less than what is left; null when they cover it. */
  behind: string | null
}

export function planWords(state: PlanState): PlanWords {
  const behind =
    state.behind && state.remaining_minutes > state.planned_minutes
      ? `You're behind: ${plural(state.remaining_minutes - state.planned_minutes, 'minute')} ${pluralWord(
          state.remaining_minutes - state.planned_minutes,
          'is',
          'are',
        )} not planned.`
      : null
  if (state.remaining_minutes === 0) {
    return { summary: 'You have finished the lessons of this course: there is nothing left to plan.', behind: null }
  }
  const ahead =
    state.sessions_ahead === 0 || !state.projected_end_date
      ? 'No sessions ahead'
      : `${plural(state.sessions_ahead, 'session')} ahead, last on ${shortDate(state.projected_end_date)}`
  if (!state.target_end_date) return { summary: `${ahead}.`, behind }
  const target = shortDate(state.target_end_date)
  return {
    summary: state.reachable
      ? `${ahead} — reaches your target (${target}).`
      : `${ahead} — won't reach ${target} at this pace: add days or minutes.`,
    behind,
  }
}
