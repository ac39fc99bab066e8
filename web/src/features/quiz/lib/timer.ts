// The attempt's clock: the server's deadline read against the server's clock (the device's may be off by minutes),
// and the few moments worth announcing to a screen reader instead of every second.

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
    const minutes = crossed / 60
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left.`
  }
  return `${crossed} seconds left.`
}

/** "12:05" or "1:02:05": what the visible clock shows. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes)
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`
}

/** The same time in words for the clock's accessible name, read when the learner asks for it. */
export function clockInWords(ms: number): string {
  const total = Math.ceil(ms / 1000)
  const minutes = Math.floor(total / 60)
  const seconds = total % 60
  const parts = []
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`)
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} ${seconds === 1 ? 'second' : 'seconds'}`)
  return `${parts.join(' ')} left`
}
