import { describe, expect, it } from 'vitest'
import type { PlanState } from '../schemas/plan.schemas'
import { longDay } from '@/lib/format/date'
import { itemTime, monthTitle, planWords, rangeTitle, shortMoment } from './format'

const plan: PlanState = {
  course_id: 'c',
  days_of_week: [1, 3],
  start_time: '18:00',
  minutes: 30,
  target_end_date: null,
  time_zone: 'Europe/London',
  remaining_minutes: 360,
  planned_minutes: 360,
  sessions_ahead: 12,
  next_session_at: '2026-11-30T18:00:00Z',
  projected_end_date: '2027-01-14',
  behind: false,
  reachable: true,
  updated_at: '2026-11-25T10:00:00Z',
}

describe('itemTime', () => {
  it('shows a session as a range and a deadline as its moment, in the zone', () => {
    const session = { startsAt: '2026-11-26T18:00:00Z', endsAt: '2026-11-26T18:30:00Z' }
    expect(itemTime(session, 'Europe/London')).toBe('18:00–18:30')
    expect(itemTime(session, 'America/New_York')).toBe('13:00–13:30')
    expect(itemTime({ startsAt: '2026-11-26T23:59:00Z', endsAt: null }, 'Europe/London')).toBe('Due 23:59')
    expect(shortMoment('2026-11-26T18:00:00Z', 'Europe/London')).toBe('Thu 26 Nov, 18:00')
  })
})

describe('day words', () => {
  it('names days, months and ranges from calendar dates', () => {
    expect(longDay('2026-11-26')).toBe('Thursday 26 November')
    expect(monthTitle('2026-11-26')).toBe('November 2026')
    expect(rangeTitle('2026-11-23', '2026-11-29')).toBe('23 Nov – 29 Nov 2026')
  })
})

describe('planWords', () => {
  it('says how many sessions are ahead and when the last is', () => {
    expect(planWords(plan)).toEqual({ summary: '12 sessions ahead, last on 14 Jan.', behind: null })
  })

  it('says whether the target is reached', () => {
    expect(planWords({ ...plan, target_end_date: '2027-01-20' }).summary).toBe(
      '12 sessions ahead, last on 14 Jan — reaches your target (20 Jan).',
    )
    expect(planWords({ ...plan, target_end_date: '2027-01-10', reachable: false }).summary).toBe(
      "12 sessions ahead, last on 14 Jan — won't reach 10 Jan at this pace: add days or minutes.",
    )
  })

  it('says how many minutes are not planned when behind', () => {
    expect(planWords({ ...plan, planned_minutes: 300, behind: true }).behind).toBe(
      "You're behind: 60 minutes are not planned.",
    )
  })

  it('has nothing to plan when the lessons are done', () => {
    expect(planWords({ ...plan, remaining_minutes: 0, sessions_ahead: 0 }).summary).toMatch(/nothing left to plan/)
  })
})
