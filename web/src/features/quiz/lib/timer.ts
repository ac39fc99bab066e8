// The attempt's clock: the server's deadline read against the server's clock (the device's may be off by minutes),
// and the few moments worth announcing to a screen reader instead of every second.
import { formatClock } from '@/lib/format/clock'
import { spokenClock } from '@/lib/format/duration'
import { plural } from '@/lib/format/plural'

/** How far the server's clock is ahead of this device's, from the server_now an answer carried. */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow)
  return Number.isNaN(server) ? 0 : server - receivedAt
}

export function remainingMs(deadline: string, offsetMs: number, now: number): number {
  return Math.max(0, Date.parse(deadline) - (now + offsetMs))
}

/** Seconds left at which the time is announced, largest first. */
export const ANNOUNCE_AT_S = [300, 60, 10] as const

/**
 * The announcement due when the remaining time goes from `before` to `after` seconds, if it crossed one of the
 * moments (only the smallest crossed, so a tab woken from sleep does not read three at once).
 */
export function announcementFor(beforeS: number, afterS: number): string | null {
  if (afterS <= 0 && beforeS > 0) return "Time's up. Your answers are being submitted."
  const crossed = ANNOUNCE_AT_S.filter((mark) => beforeS > mark && afterS <= mark).at(-1)
  if (crossed === undefined) return null
  if (crossed >= 60) {
    return `${plural(crossed / 60, 'minute')} left.`
  }
  return `${plural(crossed, 'second')} left.`
}

/** What the visible clock shows ("12:05", "1:02:05"): whole seconds, rounded up so 0:00 means time is up. */
export function clockText(ms: number): string {
  return formatClock(Math.ceil(ms / 1000))
}

/** The same time in words for the clock's accessible name. */
export function clockInWords(ms: number): string {
  return `${spokenClock(Math.ceil(ms / 1000))} left`
}
