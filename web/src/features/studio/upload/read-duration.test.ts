// A video's length as the lesson stores it: whole seconds within the database's 0-86,400 range, or nothing.
import { describe, expect, it } from 'vitest'
import { durationSeconds } from './read-duration'

describe('durationSeconds', () => {
  it('rounds to whole seconds and caps at a day', () => {
    expect(durationSeconds(24.04)).toBe(24)
    expect(durationSeconds(59.5)).toBe(60)
    expect(durationSeconds(0)).toBe(0)
    expect(durationSeconds(100_000)).toBe(86_400)
  })

  it('gives nothing for lengths a browser reports before it knows them', () => {
    expect(durationSeconds(Number.POSITIVE_INFINITY)).toBeNull()
    expect(durationSeconds(Number.NaN)).toBeNull()
    expect(durationSeconds(-1)).toBeNull()
  })
})
