import { describe, expect, it } from 'vitest'
import { formatDate, formatDuration } from './format'

describe('formatDuration', () => {
  it('reads in minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 min')
    expect(formatDuration(30)).toBe('< 1 min')
    expect(formatDuration(125)).toBe('2 min')
    expect(formatDuration(3600)).toBe('1 h')
    expect(formatDuration(5430)).toBe('1 h 31 min')
  })
})

describe('formatDate', () => {
  it('shows a dash for never', () => {
    expect(formatDate(null)).toBe('—')
  })
})
