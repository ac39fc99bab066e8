// The app's one formatting module: clock times, lengths, study time, dates, counts and plurals, and its formatters
// made on first use.
import { describe, expect, it, vi } from 'vitest'
import {
  describeLength,
  formatClock,
  formatCount,
  formatDate,
  formatDateOrDash,
  formatLength,
  formatLongDate,
  formatShortDuration,
  formatStudyTime,
  formatTimeSpent,
  isoDuration,
  longDay,
  minutesLeft,
  plural,
  pluralWord,
  shortDay,
  spokenClock,
  truncateText,
  weekdayIndex,
} from '.'
import { lazyFormat } from './lazy-format'

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [192.9, '3:12'],
    [600, '10:00'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('%s s is %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected)
  })

  it('writes a moment as the second it is in, as the notes and the player both show it', () => {
    expect(formatClock(59.6)).toBe('0:59')
  })
})

describe('spokenClock', () => {
  it('says a moment in words with singulars', () => {
    expect(spokenClock(192)).toBe('3 minutes 12 seconds')
    expect(spokenClock(3601)).toBe('1 hour 1 second')
    expect(spokenClock(0)).toBe('0 seconds')
  })
})

describe('lengths', () => {
  it.each([
    [0, '0m'],
    [20, '1m'],
    [90, '2m'],
    [45 * 60, '45m'],
    [3600, '1h'],
    [80 * 60, '1h 20m'],
    [10 * 3600 + 60, '10h 1m'],
  ])('%s s is %s', (seconds, expected) => {
    expect(formatLength(seconds)).toBe(expected)
  })

  it('spells out hours and minutes with singulars', () => {
    expect(describeLength(0)).toBe('0 minutes')
    expect(describeLength(60)).toBe('1 minute')
    expect(describeLength(3600)).toBe('1 hour')
    expect(describeLength(2 * 3600 + 60)).toBe('2 hours 1 minute')
  })

  it('writes ISO 8601 durations and rounds minutes left up', () => {
    expect([isoDuration(0), isoDuration(65), isoDuration(3600), isoDuration(3725)]).toEqual([
      'PT0S',
      'PT1M5S',
      'PT1H',
      'PT1H2M5S',
    ])
    expect([minutesLeft(0), minutesLeft(20), minutesLeft(61)]).toEqual([0, 1, 2])
  })

  it('says measured durations as a person would', () => {
    expect([
      formatShortDuration(null),
      formatShortDuration(45),
      formatShortDuration(120),
      formatShortDuration(275),
      formatShortDuration(3900),
    ]).toEqual(['—', '45 s', '2 min', '4 min 35 s', '1 h 5 min'])
  })
})

describe('formatStudyTime', () => {
  it('shows minutes under an hour and never a zero', () => {
    expect(formatStudyTime(0)).toBeNull()
    expect(formatStudyTime(Number.NaN)).toBeNull()
    expect(formatStudyTime(0.1)).toBe('6 minutes')
    expect(formatStudyTime(0.01)).toBe('1 minute')
    expect(formatStudyTime(0.5)).toBe('30 minutes')
  })

  it('shows hours with one decimal from an hour up', () => {
    expect(formatStudyTime(1)).toBe('1 hour')
    expect(formatStudyTime(12.5)).toBe('12.5 hours')
    expect(formatStudyTime(2.04)).toBe('2 hours')
    expect(formatStudyTime(1234.5)).toBe('1,234.5 hours')
  })
})

describe('plurals and counts', () => {
  it('picks the word with Intl.PluralRules', () => {
    expect(plural(1, 'question')).toBe('1 question')
    expect(plural(0, 'question')).toBe('0 questions')
    expect(plural(2, 'answer')).toBe('2 answers')
    expect(plural(1, 'person', 'people')).toBe('1 person')
    expect(plural(3, 'person', 'people')).toBe('3 people')
    expect(pluralWord(1, 'learner')).toBe('learner')
    expect(pluralWord(1.5, 'hour')).toBe('hours')
  })

  it('groups large counts', () => {
    expect(formatCount(1204)).toBe('1,204')
    expect(plural(1204, 'learner')).toBe('1,204 learners')
  })
})

describe('formatTimeSpent', () => {
  it("rounds a roster's time spent to the minute", () => {
    expect(formatTimeSpent(0)).toBe('0 min')
    expect(formatTimeSpent(30)).toBe('< 1 min')
    expect(formatTimeSpent(125)).toBe('2 min')
    expect(formatTimeSpent(3600)).toBe('1 h')
    expect(formatTimeSpent(5430)).toBe('1 h 31 min')
  })
})

describe('dates', () => {
  it('formats instants in en-US', () => {
    expect(formatLongDate('2026-11-18T12:00:00Z')).toBe('November 18, 2026')
    expect(formatDate('2026-11-18T12:00:00Z')).toBe('Nov 18, 2026')
    expect(formatDateOrDash('2026-11-18T12:00:00Z')).toBe('Nov 18, 2026')
    expect(formatDateOrDash(null)).toBe('—')
  })

  it('reads calendar dates without a time zone', () => {
    expect(longDay('2026-03-29')).toBe('Sunday 29 March')
    expect(shortDay('2026-11-03')).toBe('3 Nov')
    expect(weekdayIndex('2026-11-02')).toBe(0)
  })
})

describe('truncateText', () => {
  it('keeps short text whole and cuts long text at a word with an ellipsis', () => {
    expect(truncateText('Intro', 14)).toBe('Intro')
    expect(truncateText('Keyboard navigation and focus order', 14)).toBe('Keyboard…')
    expect(truncateText('  Spaces   collapse  ', 20)).toBe('Spaces collapse')
    expect(truncateText('Supercalifragilistic', 8)).toBe('Superca…')
    expect(truncateText('Keyboard navigation and focus order', 14).length).toBeLessThanOrEqual(14)
  })
})

describe('lazyFormat', () => {
  it('makes the formatter on its first use, once', () => {
    const make = vi.fn(() => new Intl.NumberFormat('en-US'))
    const numbers = lazyFormat(make)
    expect(make).not.toHaveBeenCalled()
    expect(numbers().format(1204)).toBe('1,204')
    expect(numbers()).toBe(numbers())
    expect(make).toHaveBeenCalledTimes(1)
  })
})
