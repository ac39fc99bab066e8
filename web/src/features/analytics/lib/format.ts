// Words for the analytics numbers: durations ("4 min 30 s") and idle time ("12 days ago").
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—'
  if (seconds < 60) return `${seconds} s`
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  const rest = seconds % 60
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`
}

export function daysSince(iso: string | null, now: Date = new Date()): number | null {
  if (!iso) return null
  return Math.max(Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000), 0)
}

export function formatIdle(iso: string | null, now: Date = new Date()): string {
  const days = daysSince(iso, now)
  if (days === null) return 'No activity yet'
  return days === 1 ? '1 day ago' : `${days} days ago`
}
