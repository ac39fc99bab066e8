// Durations as people read them: the spoken form of clock positions (the positions themselves are in ./clock),
// lengths of lessons and courses ("1h 20m", "1 hour 20 minutes"), short measured durations ("4 min 30 s") and study
// time ("45 minutes", "1.5 hours", never "0 hours").
import { clockParts } from './clock'
import { plural } from './plural'

/** The same moment in words, for screen readers: "3 minutes 12 seconds", "1 hour 1 second", "0 seconds". */
export function spokenClock(totalSeconds: number): string {
  const { hours, minutes, seconds } = clockParts(totalSeconds)
  const parts: string[] = []
  if (hours) parts.push(plural(hours, 'hour'))
  if (minutes) parts.push(plural(minutes, 'minute'))
  if (seconds || parts.length === 0) parts.push(plural(seconds, 'second'))
  return parts.join(' ')
}

/** Whole minutes for a length: none for nothing, at least one for anything else. */
function lengthMinutes(totalSeconds: number): number {
  return totalSeconds <= 0 ? 0 : Math.max(1, Math.round(totalSeconds / 60))
}

/** A course or section total as "1h 20m", "45m" or "2h"; anything under a minute rounds up to "1m". */
export function formatLength(totalSeconds: number): string {
  const total = lengthMinutes(totalSeconds)
  const hours = Math.floor(total / 60)
  const minutes = total % 60
  if (hours === 0) return `${minutes}m`
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`
}

/** The same length spelled out ("1 hour 20 minutes"), for aria-labels where "1h 20m" reads poorly. */
export function describeLength(totalSeconds: number): string {
  const total = lengthMinutes(totalSeconds)
  const hours = Math.floor(total / 60)
  const minutes = total % 60
  const parts: string[] = []
  if (hours > 0) parts.push(plural(hours, 'hour'))
  if (minutes > 0 || hours === 0) parts.push(plural(minutes, 'minute'))
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

/** "N min left" for what remains of a course. */
export function formatMinutesLeft(remainingSeconds: number): string {
  return `${minutesLeft(remainingSeconds)} min left`
}

/** A measured duration in tables ("4 min 30 s", "2 h 5 min", "40 s"); a dash when there is nothing to measure. */
export function formatShortDuration(seconds: number | null): string {
  if (seconds === null) return '—'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const hours = Math.floor(s / 3600)
  const minutes = Math.floor((s % 3600) / 60)
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  const rest = s % 60
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`
}

/** Time a learner spent, rounded to the minute for a roster ("< 1 min", "12 min", "1 h 31 min", "0 min" for none). */
export function formatTimeSpent(seconds: number): string {
  if (seconds < 60) return seconds <= 0 ? '0 min' : '< 1 min'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/**
 * Study time from hours (a certificate's snapshot keeps one decimal): minutes under an hour ("6 minutes"), hours
 * with one decimal from an hour up ("1 hour", "12.5 hours"). Null for none: a zero is never printed as study time.
 */
export function formatStudyTime(hours: number): string | null {
  if (!Number.isFinite(hours) || hours <= 0) return null
  if (hours < 1) return plural(Math.max(1, Math.round(hours * 60)), 'minute')
  const rounded = Math.round(hours * 10) / 10
  return `${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${rounded === 1 ? 'hour' : 'hours'}`
}
