import { describe, expect, it } from 'vitest'
import { formatMoment, parseMoment } from './moment'

describe('moments of a video', () => {
  it('reads seconds, m:ss and h:mm:ss', () => {
    expect(parseMoment('90')).toBe(90)
    expect(parseMoment(' 1:30 ')).toBe(90)
    expect(parseMoment('1:02:03')).toBe(3723)
  })

  it('refuses what is not a moment', () => {
    for (const text of ['', '-5', '1:75', '1.5', 'abc', '1:2:3:4']) expect(parseMoment(text)).toBeNull()
  })

  it('writes a moment back', () => {
    expect(formatMoment(90)).toBe('1:30')
    expect(formatMoment(5)).toBe('0:05')
    expect(formatMoment(3723)).toBe('1:02:03')
  })
})
