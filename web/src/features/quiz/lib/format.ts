// How the quiz screens write numbers and times: a score as a percentage, points, and a moment such as when the next
// attempt opens, in the learner's locale and time zone.

export function formatPercent(percent: number | null | undefined): string {
  if (percent === null || percent === undefined) return '—'
  return `${Math.round(percent * 10) / 10} %`
}

export function formatPoints(points: number): string {
  const rounded = Math.round(points * 100) / 100
  return `${rounded} ${rounded === 1 ? 'point' : 'points'}`
}

export function formatMoment(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}

/** Whether a moment (from the server) is still ahead of now. */
export function isFuture(iso: string | null, now = Date.now()): iso is string {
  return iso !== null && Date.parse(iso) > now
}
