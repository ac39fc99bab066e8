// pg_cron's schedule syntax as the worker reads it: what it refuses, and when five-field schedules fire (GMT unless
// cron.timezone names another zone; day of month and day of week either-or when both are restricted).
import { describe, expect, it } from 'vitest'
import { cronMatches, dueWindow, parseSchedule, type CronFields } from './schedule.ts'

const fields = (text: string): CronFields => {
  const schedule = parseSchedule(text)
  if (schedule?.kind !== 'cron') throw new Error(`not a cron schedule: ${text}`)
  return schedule.fields
}
const at = (iso: string) => new Date(iso)

describe('parseSchedule', () => {
  it('reads seconds, macros and five fields, and refuses what pg_cron refuses', () => {
    expect(parseSchedule('10 seconds')).toEqual({ kind: 'seconds', seconds: 10 })
    expect(parseSchedule('1 second')).toEqual({ kind: 'seconds', seconds: 1 })
    expect(parseSchedule('@reboot')).toEqual({ kind: 'reboot' })
    expect(parseSchedule('@hourly')?.kind).toBe('cron')
    for (const bad of [
      '60 seconds',
      '0 seconds',
      '* * * *',
      '61 * * * *',
      '* 24 * * *',
      '* * 0 * *',
      '$ * * * *',
      'x',
    ]) {
      expect(parseSchedule(bad)).toBeUndefined()
    }
  })
})

describe('cronMatches', () => {
  it('matches ranges, steps, lists and names in GMT', () => {
    const f = fields('*/15 9-17 * jan,dec mon-fri')
    expect(cronMatches(f, at('2026-12-01T09:30:10Z'), 'GMT')).toBe(true) // a Tuesday
    expect(cronMatches(f, at('2026-12-01T09:31:00Z'), 'GMT')).toBe(false)
    expect(cronMatches(f, at('2026-12-05T09:30:00Z'), 'GMT')).toBe(false) // a Saturday
    expect(cronMatches(f, at('2026-11-03T09:30:00Z'), 'GMT')).toBe(false) // November
  })

  it('reads the wall clock of cron.timezone', () => {
    const f = fields('0 9 * * *')
    expect(cronMatches(f, at('2026-07-01T07:00:00Z'), 'Europe/Paris')).toBe(true)
    expect(cronMatches(f, at('2026-07-01T07:00:00Z'), 'GMT')).toBe(false)
  })

  it('takes either day field when both are restricted, and $ as the last day of the month', () => {
    const f = fields('0 0 1 * sun')
    expect(cronMatches(f, at('2026-11-01T00:00:00Z'), 'GMT')).toBe(true) // the 1st
    expect(cronMatches(f, at('2026-11-08T00:00:00Z'), 'GMT')).toBe(true) // a Sunday
    expect(cronMatches(f, at('2026-11-09T00:00:00Z'), 'GMT')).toBe(false)
    const last = fields('0 12 $ * *')
    expect(cronMatches(last, at('2026-02-28T12:00:00Z'), 'GMT')).toBe(true)
    expect(cronMatches(last, at('2026-02-27T12:00:00Z'), 'GMT')).toBe(false)
  })
})

describe('dueWindow', () => {
  it('aligns seconds windows on the epoch and cron windows on the minute', () => {
    const now = Date.parse('2026-11-29T10:00:07.300Z')
    expect(dueWindow({ kind: 'seconds', seconds: 5 }, now, 'GMT', 0)).toBe(Date.parse('2026-11-29T10:00:05Z'))
    expect(dueWindow(parseSchedule('* * * * *')!, now, 'GMT', 0)).toBe(Date.parse('2026-11-29T10:00:00Z'))
    expect(dueWindow(parseSchedule('1 * * * *')!, now, 'GMT', 0)).toBeUndefined()
  })
})
