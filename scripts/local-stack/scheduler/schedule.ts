// pg_cron's schedules: '[1-59] seconds', the @-macros, and five cron fields (minute, hour, day of month, month, day
// of week) with numbers, names, ranges, steps, lists and '$' (a month's last day). Pure logic, no database.

export type Schedule = { kind: 'seconds'; seconds: number } | { kind: 'reboot' } | { kind: 'cron'; fields: CronFields }

export interface CronFields {
  minutes: Set<number>
  hours: Set<number>
  days: Set<number>
  months: Set<number>
  weekdays: Set<number>
  /** '$' in the day-of-month field. */
  lastDay: boolean
  /** Whether day of month / day of week were '*' (vixie cron: when both are restricted, either may match). */
  daysStar: boolean
  weekdaysStar: boolean
}

const macros: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
}

const monthNames = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']

/** Parses a schedule as pg_cron does; undefined when pg_cron would refuse it. */
export function parseSchedule(text: string): Schedule | undefined {
  const schedule = text.trim().toLowerCase()
  const seconds = /^(\d+) *seconds?$/.exec(schedule)
  if (seconds) {
    const n = Number(seconds[1])
    return n >= 1 && n <= 59 ? { kind: 'seconds', seconds: n } : undefined
  }
  if (schedule === '@reboot') return { kind: 'reboot' }
  const fields = (macros[schedule] ?? schedule).split(/\s+/)
  if (fields.length !== 5) return undefined
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string]
  const minutes = parseField(minute, 0, 59)
  const hours = parseField(hour, 0, 23)
  const days = parseField(day, 1, 31, undefined, true)
  const months = parseField(month, 1, 12, (name) => monthNames.indexOf(name) + 1 || undefined)
  const weekdays = parseField(weekday, 0, 7, (name) => {
    const index = dayNames.indexOf(name)
    return index < 0 ? undefined : index
  })
  if (!minutes || !hours || !days || !months || !weekdays) return undefined
  // 7 is Sunday too.
  if (weekdays.values.has(7)) weekdays.values.add(0)
  return {
    kind: 'cron',
    fields: {
      minutes: minutes.values,
      hours: hours.values,
      days: days.values,
      months: months.values,
      weekdays: weekdays.values,
      lastDay: days.lastDay,
      daysStar: day.startsWith('*'),
      weekdaysStar: weekday.startsWith('*'),
    },
  }
}

function parseField(
  field: string,
  low: number,
  high: number,
  name?: (text: string) => number | undefined,
  allowLast = false,
): { values: Set<number>; lastDay: boolean } | undefined {
  const values = new Set<number>()
  let lastDay = false
  const number = (text: string): number | undefined => {
    const n = /^\d+$/.test(text) ? Number(text) : name?.(text)
    return n !== undefined && n >= low && n <= high ? n : undefined
  }
  for (const part of field.split(',')) {
    const match = /^(\*|\$|[0-9a-z]+(?:-[0-9a-z]+)?)(?:\/(\d+))?$/.exec(part)
    if (!match) return undefined
    const [, range = '', stepText] = match
    const step = stepText === undefined ? 1 : Number(stepText)
    if (step < 1) return undefined
    if (range === '$') {
      if (!allowLast) return undefined
      lastDay = true
      continue
    }
    let from: number | undefined
    let to: number | undefined
    if (range === '*') {
      from = low
      to = high
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-')
      from = number(a)
      to = number(b)
    } else {
      from = number(range)
      // 'n/step' means from n to the end, as in vixie cron.
      to = stepText === undefined ? from : high
    }
    if (from === undefined || to === undefined || from > to) return undefined
    for (let v = from; v <= to; v += step) values.add(v)
  }
  return { values, lastDay }
}

/** The wall-clock fields of an instant in a time zone ('GMT' unless cron.timezone says otherwise). */
export function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(at)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const year = Number(get('year'))
  const month = Number(get('month'))
  return {
    year,
    month,
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    weekday: dayNames.indexOf(get('weekday').toLowerCase().slice(0, 3)),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  }
}

/** Whether a five-field schedule fires in the minute that contains `at`. */
export function cronMatches(fields: CronFields, at: Date, timeZone: string): boolean {
  const t = wallClock(at, timeZone)
  if (!fields.minutes.has(t.minute) || !fields.hours.has(t.hour) || !fields.months.has(t.month)) return false
  const dayMatch = fields.days.has(t.day) || (fields.lastDay && t.day === t.daysInMonth)
  const weekdayMatch = fields.weekdays.has(t.weekday)
  if (!fields.daysStar && !fields.weekdaysStar) return dayMatch || weekdayMatch
  return dayMatch && weekdayMatch
}

/**
 * The start of the window the job is due in at `now` (ms since the epoch), or undefined when it is not due: a
 * seconds job once every N seconds (windows aligned on the epoch), a cron job once in each minute it matches,
 * '@reboot' once after the database started.
 */
export function dueWindow(schedule: Schedule, now: number, timeZone: string, startedAt: number): number | undefined {
  switch (schedule.kind) {
    case 'seconds':
      return Math.floor(now / (schedule.seconds * 1000)) * schedule.seconds * 1000
    case 'reboot':
      return startedAt
    case 'cron':
      return cronMatches(schedule.fields, new Date(now), timeZone) ? Math.floor(now / 60_000) * 60_000 : undefined
  }
}
