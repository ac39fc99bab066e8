// Words for the analytics numbers: idle time ("12 days ago"). Durations come from @/lib/format.
import { plural } from '@/lib/format/plural'

export function daysSince(iso: string | null, now: Date = new Date()): number | null {
  if (!iso) return null
  return Math.max(Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000), 0)
}

export function formatIdle(iso: string | null, now: Date = new Date()): string {
  const days = daysSince(iso, now)
  if (days === null) return 'No activity yet'
  return `${plural(days, 'day')} ago`
}
