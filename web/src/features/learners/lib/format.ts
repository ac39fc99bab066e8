// Display helpers for the roster: durations studied, dates, and the words for enrollment sources and statuses
// (Invited: a pending invitation the person has not accepted yet).
export function formatDuration(seconds: number): string {
  if (seconds < 60) return seconds === 0 ? '0 min' : '< 1 min'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

export function formatDate(iso: string | null): string {
  if (!iso) return '—'
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })
}

export const sourceLabels = {
  open: 'Open',
  invite: 'Invite link',
  code: 'Access code',
  manual: 'Added by email',
} as const
export const statusLabels = {
  invited: 'Invited',
  active: 'Active',
  completed: 'Completed',
  removed: 'Removed',
} as const
