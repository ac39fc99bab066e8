// The roster as CSV: every learner matching the current filters (all pages, fetched page by page from the
// database), in the table's order, with the table's columns plus what the detail shows.
import type { RosterRow } from '../api/learners.api'
import { sourceLabels, statusLabels } from './labels'
import { toCsv } from './csv'

export const rosterCsvHeader = [
  'Name',
  'Email',
  'Cohort',
  'Source',
  'Status',
  'Enrolled at',
  'Last activity at',
  'Lessons done',
  'Lessons total',
  'Progress %',
  'Minutes studied',
] as const

export function rosterCsv(rows: readonly RosterRow[]): string {
  return toCsv(
    rosterCsvHeader,
    rows.map((row) => [
      row.display_name,
      row.email,
      row.cohort_name,
      sourceLabels[row.source],
      statusLabels[row.enrollment_status],
      row.enrolled_at,
      row.last_activity_at,
      row.lessons_done,
      row.lessons_total,
      row.progress_percent,
      Math.round(row.seconds_studied / 60),
    ]),
  )
}

/** Fetches every page of a roster (pages of `pageSize`) until the total is reached. */
export async function fetchAllPages(
  fetchPage: (page: number) => Promise<{ rows: RosterRow[]; total: number }>,
): Promise<RosterRow[]> {
  const rows: RosterRow[] = []
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page)
    rows.push(...answer.rows)
    if (answer.rows.length === 0 || rows.length >= answer.total) return rows
  }
}

export function csvFileName(courseSlugOrTitle: string, now = new Date()): string {
  const base =
    courseSlugOrTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'course'
  return `${base}-learners-${now.toISOString().slice(0, 10)}.csv`
}
