// When an event happens, in the learner's own time zone (the device's unless given): a live session as a range
// ("Tue 3 Dec, 18:00 – 19:30 GMT+1", the date once when it ends the same day), a deadline as one moment.
export interface EventTimeOptions {
  locale?: string | undefined
  timeZone?: string | undefined
}

function formatter({ locale, timeZone }: EventTimeOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  })
}

export function formatEventTime(startsAt: string, endsAt: string | null, options: EventTimeOptions = {}): string {
  const format = formatter(options)
  const start = new Date(startsAt)
  return endsAt ? format.formatRange(start, new Date(endsAt)) : format.format(start)
}

/** Upcoming events (not over yet) first in time order, then the past ones, latest first. */
export function splitByNow<T extends { startsAt: string; endsAt: string | null }>(
  events: T[],
  now: Date = new Date(),
): { upcoming: T[]; past: T[] } {
  const over = (event: T) => new Date(event.endsAt ?? event.startsAt).getTime() < now.getTime()
  return { upcoming: events.filter((e) => !over(e)), past: events.filter(over).reverse() }
}
