// Dates as the app prints them. Instants (issued_at, updated_at) go through Intl in en-US; a learner's calendar days
// ('2026-11-03', already in their time zone) are read as dates, never as instants a zone could shift by a day.
import { lazyFormat } from './lazy-format'

const longDate = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }))
const mediumDate = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }))

/** "November 18, 2026" (certificates and other formal dates). */
export function formatLongDate(iso: string): string {
  return longDate().format(new Date(iso))
}

/** "Nov 18, 2026". */
export function formatDate(iso: string): string {
  return mediumDate().format(new Date(iso))
}

/** "Nov 18, 2026", or a dash for a moment that has not happened (never active, never removed). */
export function formatDateOrDash(iso: string | null): string {
  return iso ? formatDate(iso) : '—'
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

function dayParts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return { year, month, date }
}

/** 0 for Monday … 6 for Sunday (ISO order). */
export function weekdayIndex(day: string): number {
  const { year, month, date } = dayParts(day)
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7
}

export function weekdayName(day: string): string {
  return weekdays[weekdayIndex(day)] ?? ''
}

/** "Tuesday 3 November". */
export function longDay(day: string): string {
  const { month, date } = dayParts(day)
  return `${weekdayName(day)} ${date} ${months[month - 1] ?? ''}`
}

/** "3 Nov", for axes. */
export function shortDay(day: string): string {
  const { month, date } = dayParts(day)
  return `${date} ${(months[month - 1] ?? '').slice(0, 3)}`
}

const dateTime = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }))

/** "Nov 18, 2026, 3:05 PM": an instant someone acts at (when a quiz's next attempt opens, when one was submitted). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date)
}
