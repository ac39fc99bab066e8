// Words for the stats page, without the browser's locale or time zone: days arrive as the learner's calendar dates
// ('2026-11-03'), so they are read as dates, never as instants that a zone could shift by a day.
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

function parts(day: string): { year: number; month: number; date: number } {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return { year, month, date }
}

/** 0 for Monday … 6 for Sunday (ISO order). */
export function weekdayIndex(day: string): number {
  const { year, month, date } = parts(day)
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7
}

export function weekdayName(day: string): string {
  return weekdays[weekdayIndex(day)] ?? ''
}

/** "Tuesday 3 November". */
export function longDay(day: string): string {
  const { month, date } = parts(day)
  return `${weekdayName(day)} ${date} ${months[month - 1] ?? ''}`
}

/** "3 Nov", for axes. */
export function shortDay(day: string): string {
  const { month, date } = parts(day)
  return `${date} ${(months[month - 1] ?? '').slice(0, 3)}`
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`
}

/** Whole minutes studied, rounded down like the RPC's own minutes. */
export function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60)
}
