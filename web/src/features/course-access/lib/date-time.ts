// Dates of cohorts, invites, codes and events as the instructor sees them: in the viewer's own time zone, with the
// zone named ("Tue 3 Dec 2026, 18:00 CET"), and the round trip between an ISO timestamp and the value of a
// datetime-local input, which has no zone of its own and is read in the viewer's.
export interface ZoneOptions {
  locale?: string | undefined
  timeZone?: string | undefined
}

/** The IANA name of the viewer's time zone (e.g. "Europe/Berlin"), for labels next to date inputs. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

function formatter({ locale, timeZone }: ZoneOptions, withTime: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
    ...(timeZone ? { timeZone } : {}),
  })
}

/** A moment with its zone: "Tue, 3 Dec 2026, 18:00 GMT+1". */
export function formatDateTime(iso: string, options: ZoneOptions = {}): string {
  return formatter(options, true).format(new Date(iso))
}

/** A span ("Tue, 3 Dec 2026, 18:00–19:30 GMT+1"), the date once when it ends the same day. */
export function formatDateTimeRange(startIso: string, endIso: string, options: ZoneOptions = {}): string {
  return formatter(options, true).formatRange(new Date(startIso), new Date(endIso))
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An ISO timestamp as a datetime-local value ("2026-12-03T18:00") in the viewer's zone. */
export function toLocalInput(iso: string | Date): string {
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local value read in the viewer's zone, as an ISO timestamp; null when it is not a date. */
export function fromLocalInput(value: string): string | null {
  // Without an offset, ECMAScript reads a date-time form as local time: exactly what the input shows.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** `days` whole days after `from`, at the same wall-clock minute (no seconds), as a datetime-local value. */
export function localInputInDays(days: number, from: Date = new Date()): string {
  const d = new Date(from)
  d.setDate(d.getDate() + days)
  d.setSeconds(0, 0)
  return toLocalInput(d)
}
