// "Earned 3 November 2026": the day a trophy was earned, as the learner's browser writes dates (its locale and time
// zone unless told otherwise, so a late-evening award is not shown as the next day's).
export interface DateLabelOptions {
  locale?: string | undefined
  timeZone?: string | undefined
}

export function formatEarnedDate(iso: string, { locale, timeZone }: DateLabelOptions = {}): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(
    new Date(iso),
  )
}

export function earnedLabel(iso: string, options: DateLabelOptions = {}): string {
  return `Earned ${formatEarnedDate(iso, options)}`
}
