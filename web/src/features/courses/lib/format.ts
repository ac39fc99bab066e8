// Plain formatting for course data: lesson lengths as a clock ("4:05"), totals as hours and minutes ("1h 20m"),
// ISO 8601 durations for <time dateTime>, and a spoken form for screen readers.

/** A lesson's length as m:ss, or h:mm:ss from an hour up. */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  const ss = String(seconds).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`
}

/** A course or section total as "1h 20m", "45m" or "2h"; anything under a minute rounds up to "1m". */
export function formatLength(totalSeconds: number): string {
  const minutesTotal = totalSeconds <= 0 ? 0 : Math.max(1, Math.round(totalSeconds / 60))
  const hours = Math.floor(minutesTotal / 60)
  const minutes = minutesTotal % 60
  if (hours === 0) return `${minutes}m`
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`
}

/** The same length spelled out ("1 hour 20 minutes"), for aria-labels where "1h 20m" reads poorly. */
export function describeLength(totalSeconds: number): string {
  const minutesTotal = totalSeconds <= 0 ? 0 : Math.max(1, Math.round(totalSeconds / 60))
  const hours = Math.floor(minutesTotal / 60)
  const minutes = minutesTotal % 60
  const parts: string[] = []
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? 'hour' : 'hours'}`)
  if (minutes > 0 || hours === 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`)
  return parts.join(' ')
}

/** ISO 8601 duration for <time dateTime>, e.g. PT1H20M5S. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds))
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  const seconds = s % 60
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || s === 0 ? `${seconds}S` : ''}`
}

/** Minutes left, rounded up, so a course with 20 seconds to go still says "1 min left". */
export function minutesLeft(remainingSeconds: number): number {
  return remainingSeconds <= 0 ? 0 : Math.ceil(remainingSeconds / 60)
}

const levelLabels = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const

export function levelLabel(level: keyof typeof levelLabels): string {
  return levelLabels[level]
}

/** "English" for "en" in the reader's own language; the code itself when the browser cannot name it. */
export function languageLabel(code: string, locale?: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}
