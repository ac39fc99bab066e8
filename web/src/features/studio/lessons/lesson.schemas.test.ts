// The lesson editor's field rules give the database's limits and sentences, and convert form values to columns.
import { describe, expect, it } from 'vitest'
import {
  durationSchema,
  lessonBodySchema,
  lessonTitleSchema,
  releaseAtSchema,
  releaseModeOf,
  releaseOffsetSchema,
  thresholdPercentSchema,
  toLocalInput,
} from './lesson.schemas'

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message

describe('lesson schemas', () => {
  it('trims titles to 1-120 characters', () => {
    expect(lessonTitleSchema.parse('  Welcome ')).toBe('Welcome')
    expect(problem(lessonTitleSchema.safeParse('   '))).toBe('Give it a title.')
    expect(problem(lessonTitleSchema.safeParse('x'.repeat(121)))).toBe('Keep the title to 120 characters or fewer.')
  })

  it('keeps bodies to 100,000 characters', () => {
    expect(lessonBodySchema.safeParse('x'.repeat(100_000)).success).toBe(true)
    expect(problem(lessonBodySchema.safeParse('x'.repeat(100_001)))).toBe(
      'Keep the lesson to 100,000 characters or fewer.',
    )
  })

  it('takes durations of 0-86,400 whole seconds', () => {
    expect(durationSchema.parse('')).toBe(0)
    expect(durationSchema.parse('86400')).toBe(86_400)
    expect(problem(durationSchema.safeParse('86401'))).toBe('Use 0 to 86,400 seconds (24 hours).')
    expect(problem(durationSchema.safeParse('1.5'))).toBe('Use a whole number of seconds.')
    expect(problem(durationSchema.safeParse('ten'))).toBe('Use a whole number of seconds.')
  })

  it('turns a 50-100 percentage into the 0.5-1.0 threshold', () => {
    expect(thresholdPercentSchema.parse('90')).toBe(0.9)
    expect(thresholdPercentSchema.parse('50')).toBe(0.5)
    expect(thresholdPercentSchema.parse('100')).toBe(1)
    for (const bad of ['49', '101', '', 'most']) {
      expect(problem(thresholdPercentSchema.safeParse(bad))).toBe('Use a share between 50% and 100%.')
    }
  })

  it('takes release offsets of 0-3,650 whole days and dates as instants', () => {
    expect(releaseOffsetSchema.parse('7')).toBe(7)
    for (const bad of ['-1', '3651', '2.5', '']) {
      expect(problem(releaseOffsetSchema.safeParse(bad))).toBe('Use a whole number of days from 0 to 3,650.')
    }
    const iso = releaseAtSchema.parse('2027-03-01T09:30')
    expect(toLocalInput(iso)).toBe('2027-03-01T09:30')
    expect(problem(releaseAtSchema.safeParse(''))).toBe('Choose the date the section opens.')
  })

  it('reads which release rule a section has', () => {
    expect(releaseModeOf({ release_offset_days: null, release_at: null })).toBe('immediate')
    expect(releaseModeOf({ release_offset_days: 3, release_at: null })).toBe('offset')
    expect(releaseModeOf({ release_offset_days: null, release_at: '2027-03-01T09:30:00Z' })).toBe('date')
  })
})
