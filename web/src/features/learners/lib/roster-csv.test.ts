import { describe, expect, it } from 'vitest'
import type { InvitedRow, LearnerRow } from '../api/learners.api'
import { csvFileName, fetchAllPages, rosterCsv } from './roster-csv'

const row = (name: string, overrides: Partial<LearnerRow> = {}): LearnerRow => ({
  enrollment_id: `e-${name}`,
  invitation_id: null,
  user_id: `u-${name}`,
  display_name: name,
  email: `${name.toLowerCase()}@example.com`,
  enrollment_cohort_id: null,
  cohort_name: null,
  source: 'manual',
  enrollment_status: 'active',
  enrolled_at: '2026-11-01T10:00:00+00:00',
  last_activity_at: null,
  removed_at: null,
  removal_reason: null,
  lessons_done: 1,
  lessons_total: 4,
  progress_percent: 25,
  seconds_studied: 150,
  total_count: 2,
  ...overrides,
})

describe('rosterCsv', () => {
  it('writes a header and one line per learner with readable source, status and minutes', () => {
    const csv = rosterCsv([row('Ada', { cohort_name: 'Spring, 2027' })])
    const [header, line] = csv.split('\r\n')
    expect(header).toBe(
      'Name,Email,Cohort,Source,Status,Enrolled at,Last activity at,Lessons done,Lessons total,Progress %,Minutes studied',
    )
    expect(line).toBe('Ada,ada@example.com,"Spring, 2027",Added by email,Active,2026-11-01T10:00:00+00:00,,1,4,25,3')
  })

  it('writes a pending invitation with its email and Invited, and no name', () => {
    const invited: InvitedRow = {
      ...row('Ada'),
      enrollment_id: null,
      invitation_id: 'i-1',
      user_id: null,
      display_name: null,
      enrollment_status: 'invited',
      lessons_done: 0,
      progress_percent: 0,
      seconds_studied: 0,
    }
    expect(rosterCsv([invited]).split('\r\n')[1]).toBe(
      ',ada@example.com,,Added by email,Invited,2026-11-01T10:00:00+00:00,,0,4,0,0',
    )
  })

  it('neutralises a display name written as a formula', () => {
    expect(rosterCsv([row('=cmd|calc')]).split('\r\n')[1]).toMatch(/^'=cmd\|calc,/)
  })
})

describe('fetchAllPages', () => {
  it('asks page after page until it has the total', async () => {
    const pages = [[row('A'), row('B')], [row('C')]]
    const asked: number[] = []
    const rows = await fetchAllPages(async (page) => {
      asked.push(page)
      return { rows: pages[page - 1] ?? [], total: 3 }
    })
    expect(rows.map((r) => r.display_name)).toEqual(['A', 'B', 'C'])
    expect(asked).toEqual([1, 2])
  })

  it('stops on an empty page even if the total moved meanwhile', async () => {
    const rows = await fetchAllPages(async (page) => ({ rows: page === 1 ? [row('A')] : [], total: 5 }))
    expect(rows).toHaveLength(1)
  })
})

describe('csvFileName', () => {
  it('names the file after the course and the day', () => {
    expect(csvFileName('Web Accessibility Basics', new Date('2026-11-24T12:00:00Z'))).toBe(
      'web-accessibility-basics-learners-2026-11-24.csv',
    )
  })
})
