// "Active now", "5 minutes ago", "3 weeks ago": a session's last activity in the reader's language, and the exact
// moment for its tooltip.

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
]

/** Relative wording; a minute or less (or a clock slightly ahead of the server's) reads "Active now". */
export function lastActiveLabel(iso: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(iso).getTime()
  if (Number.isNaN(then)) return 'Unknown'
  const seconds = Math.round((then - now.getTime()) / 1000)
  if (seconds > -60) return 'Active now'
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of units) {
    if (-seconds >= size) return format.format(Math.round(seconds / size), unit)
  }
  return format.format(Math.round(seconds / 60), 'minute')
}

/** The exact moment, e.g. "25 Nov 2026, 10:41:07", for a title and a <time> element. */
export function exactTime(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date)
}
