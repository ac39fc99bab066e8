// "5 minutes ago", "yesterday", or a date: when a question or answer was posted, in the reader's language.
export function relativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const then = new Date(iso)
  if (Number.isNaN(then.getTime())) return ''
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000)
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const abs = Math.abs(seconds)
  if (abs < 60) return format.format(0, 'second')
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute')
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour')
  if (abs < 7 * 86_400) return format.format(Math.round(seconds / 86_400), 'day')
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(then)
}
