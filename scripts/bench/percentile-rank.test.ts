// The benches' percentile and median: nearest rank of an ascending list, and the middle (upper middle) of any list.
import { describe, expect, it } from 'vitest'
import { median, percentile } from './percentile-rank.ts'

describe('percentile', () => {
  it('takes the value at rank ceil(p% of n)', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    expect(percentile(sorted, 50)).toBe(5)
    expect(percentile(sorted, 95)).toBe(10)
    expect(percentile(sorted, 0)).toBe(1)
    expect(percentile([], 50)).toBeNaN()
  })
})

describe('median', () => {
  it('sorts a copy and takes the middle, the upper of two for an even count', () => {
    const values = [9, 1, 5]
    expect(median(values)).toBe(5)
    expect(values).toEqual([9, 1, 5])
    expect(median([0.9, 0.8, 0.85, 0.95])).toBe(0.9)
  })
})
