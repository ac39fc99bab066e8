// Timestamps read as a player shows them, and are spoken in words.
import { describe, expect, it } from 'vitest'
import { formatTimestamp, spokenTimestamp } from './timestamp'

describe('formatTimestamp', () => {
  it('writes minutes and zero-padded seconds, and hours past an hour', () => {
    expect(formatTimestamp(0)).toBe('0:00')
    expect(formatTimestamp(192.9)).toBe('3:12')
    expect(formatTimestamp(3725)).toBe('1:02:05')
  })
  it('never goes below zero', () => {
    expect(formatTimestamp(-4)).toBe('0:00')
  })
})

describe('spokenTimestamp', () => {
  it('says each unit in words', () => {
    expect(spokenTimestamp(192)).toBe('3 minutes 12 seconds')
    expect(spokenTimestamp(3601)).toBe('1 hour 1 second')
    expect(spokenTimestamp(0)).toBe('0 seconds')
  })
})
