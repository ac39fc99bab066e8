import { describe, expect, it } from 'vitest'
import { format } from 'date-fns'
import { TZDate } from '@date-fns/tz'
import {
  dayKey,
  dayKeyOf,
  groupByDay,
  monthDays,
  shiftAnchor,
  todayKey,
  viewRange,
  weekDays,
  weeksOf,
} from './calendar-grid'

const hour = 3_600_000

function localTime(date: Date, zone: string): string {
  return format(new TZDate(date.getTime(), zone), 'yyyy-MM-dd HH:mm')
}

describe('monthDays', () => {
  it('covers October 2026 in London in whole Monday-first weeks, each day once, across the clocks going back', () => {
    const days = monthDays('2026-10-14', 'Europe/London')
    expect(days).toHaveLength(35)
    expect(days[0]?.key).toBe('2026-09-28')
    expect(days.at(-1)?.key).toBe('2026-11-01')
    expect(new Set(days.map((d) => d.key)).size).toBe(35)
    expect(days.filter((d) => d.inMonth)).toHaveLength(31)
    for (const day of days) expect(localTime(day.start, 'Europe/London')).toBe(`${day.key} 00:00`)
    const fallBack = days.find((d) => d.key === '2026-10-25')
    expect(fallBack && fallBack.end.getTime() - fallBack.start.getTime()).toBe(25 * hour)
    // Consecutive days touch: no gap and no overlap.
    for (let i = 1; i < days.length; i++) expect(days[i]?.start.getTime()).toBe(days[i - 1]?.end.getTime())
    expect(weeksOf(days).map((w) => w.length)).toEqual([7, 7, 7, 7, 7])
  })

  it('keeps March 2026 in New York whole when the clocks go forward', () => {
    const days = monthDays('2026-03-01', 'America/New_York')
    expect(days[0]?.key).toBe('2026-02-23')
    expect(days.at(-1)?.key).toBe('2026-04-05')
    expect(new Set(days.map((d) => d.key)).size).toBe(days.length)
    const springForward = days.find((d) => d.key === '2026-03-08')
    expect(springForward && springForward.end.getTime() - springForward.start.getTime()).toBe(23 * hour)
    for (const day of days) expect(localTime(day.start, 'America/New_York')).toBe(`${day.key} 00:00`)
  })
})

describe('weekDays', () => {
  it('gives the seven days Monday to Sunday of a week with a daylight-saving change', () => {
    const days = weekDays('2026-11-04', 'America/New_York')
    expect(days.map((d) => d.key)).toEqual([
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
      '2026-11-08',
    ])
    const range = viewRange('week', '2026-10-28', 'America/New_York')
    expect(range.days.map((d) => d.key)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ])
    expect(range.to.getTime() - range.from.getTime()).toBe(7 * 24 * hour + hour)
  })
})

describe('viewRange', () => {
  it('lists 30 agenda days from the anchor', () => {
    const range = viewRange('agenda', '2026-10-20', 'Europe/London')
    expect(range.days).toHaveLength(30)
    expect(range.days[0]?.key).toBe('2026-10-20')
    expect(range.days.at(-1)?.key).toBe('2026-11-18')
  })
})

describe('shiftAnchor', () => {
  it('moves by month, week and agenda page', () => {
    expect(shiftAnchor('month', '2026-01-31', 'Europe/London', 1)).toBe('2026-02-01')
    expect(shiftAnchor('month', '2026-01-31', 'Europe/London', -1)).toBe('2025-12-01')
    expect(shiftAnchor('week', '2026-10-22', 'Europe/London', 1)).toBe('2026-10-29')
    expect(shiftAnchor('agenda', '2026-10-20', 'Europe/London', 1)).toBe('2026-11-19')
  })
})

describe('dayKeyOf and groupByDay', () => {
  it('names a day as date-fns formats yyyy-MM-dd, zero-padded, in the zone of the date', () => {
    for (const [date, zone] of [
      ['2026-01-05T10:00:00Z', 'UTC'],
      ['2026-12-31T23:30:00Z', 'Pacific/Auckland'],
      ['2026-03-01T04:00:00Z', 'America/Los_Angeles'],
      ['0999-07-09T12:00:00Z', 'UTC'],
    ] as const) {
      const inZone = new TZDate(new Date(date).getTime(), zone)
      expect(dayKey(inZone)).toBe(format(inZone, 'yyyy-MM-dd'))
    }
    expect(dayKey(new TZDate(2026, 0, 5, 'UTC'))).toBe('2026-01-05')
  })

  it('files an instant under its date in the zone', () => {
    expect(dayKeyOf('2026-11-26T02:30:00Z', 'America/New_York')).toBe('2026-11-25')
    expect(dayKeyOf('2026-11-26T02:30:00Z', 'Europe/London')).toBe('2026-11-26')
    expect(todayKey('Pacific/Auckland', new Date('2026-11-25T12:00:00Z'))).toBe('2026-11-26')
    const grouped = groupByDay(
      [
        { id: 'b', startsAt: '2026-11-26T18:00:00Z' },
        { id: 'a', startsAt: '2026-11-26T09:00:00Z' },
        { id: 'c', startsAt: '2026-11-27T09:00:00Z' },
      ],
      'Europe/London',
    )
    expect([...grouped.keys()]).toEqual(['2026-11-26', '2026-11-27'])
    expect(grouped.get('2026-11-26')?.map((i) => i.id)).toEqual(['a', 'b'])
  })
})
