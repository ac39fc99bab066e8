import { describe, expect, it } from 'vitest'
import { describeLength, formatClock, formatLength, isoDuration, languageLabel, minutesLeft } from './format'

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [59.6, '1:00'],
    [-3, '0:00'],
  ])('%s s is %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected)
  })
})

describe('formatLength', () => {
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
})

describe('describeLength', () => {
  it('spells out hours and minutes with singulars', () => {
    expect(describeLength(0)).toBe('0 minutes')
    expect(describeLength(60)).toBe('1 minute')
    expect(describeLength(3600)).toBe('1 hour')
    expect(describeLength(2 * 3600 + 60)).toBe('2 hours 1 minute')
  })
})

describe('isoDuration', () => {
  it('writes ISO 8601 durations', () => {
    expect(isoDuration(0)).toBe('PT0S')
    expect(isoDuration(65)).toBe('PT1M5S')
    expect(isoDuration(3600)).toBe('PT1H')
    expect(isoDuration(3725)).toBe('PT1H2M5S')
  })
})

describe('minutesLeft', () => {
  it('rounds up so a few seconds still count as a minute', () => {
    expect(minutesLeft(0)).toBe(0)
    expect(minutesLeft(20)).toBe(1)
    expect(minutesLeft(61)).toBe(2)
  })
})

describe('languageLabel', () => {
  it('names languages and falls back to the code', () => {
    expect(languageLabel('en', 'en')).toBe('English')
    expect(languageLabel('en-GB', 'en')).toBe('British English')
    expect(languageLabel('not a code', 'en')).toBe('not a code')
  })
})
