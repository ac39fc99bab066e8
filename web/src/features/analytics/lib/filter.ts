// Turns the page's search params into the analytics calls' filter: calendar days in the instructor's time zone
// become the half-open instant range [start of `from`, start of the day after `to`). A reversed range is swapped,
// so a hand-edited link still answers.
import type { AnalyticsSearch } from '../schemas/analytics-search.schema'

export interface AnalyticsFilter {
  cohortId: string | undefined
  enrolledFrom: string | undefined
  enrolledTo: string | undefined
}

function startOfDay(day: string, addDays = 0): string | undefined {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return undefined
  const start = new Date(year, month - 1, date + addDays)
  return Number.isNaN(start.getTime()) ? undefined : start.toISOString()
}

export function toAnalyticsFilter(search: AnalyticsSearch): AnalyticsFilter {
  let { from, to } = search
  if (from && to && from > to) [from, to] = [to, from]
  return {
    cohortId: search.cohort,
    enrolledFrom: from ? startOfDay(from) : undefined,
    enrolledTo: to ? startOfDay(to, 1) : undefined,
  }
}

export function isFiltered(search: AnalyticsSearch): boolean {
  return Boolean(search.cohort || search.from || search.to)
}
