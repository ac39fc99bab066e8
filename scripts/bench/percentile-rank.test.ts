// The benches' percentile and median: nearest rank of an ascending list, and the middle (or the mean of the two
// middle values) of any list.
import { describe, expect, it } from 'vitest'
import { median, percentile, percentileOf } from './percentile-rank.ts'

describe('percentile', () => {
  it('takes the value at rank ceil(p% of n)', () => {
    const sorted = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    expect(percentile(sorted, 50)).toBe(5)
    expect(percentile(sorted, 95)).toBe(10)
    expect(percentile(sorted, 0)).toBe(1)
    expect(percentile([], 50)).toBeNaN()
  })

  it('percentileOf takes any order and leaves the list as it was', () => {
    const values = [10, 3, 7, 1, 5, 9, 2, 8, 6, 4]
    expect(percentileOf(values, 50)).toBe(5)
    expect(percentileOf(values, 0)).toBe(1)
    expect(values[0]).toBe(10)
  })
})

describe('median', () => {
  it('sorts a copy and takes the middle, the mean of the two middle values for an even count', () => {
    const values = [9, 1, 5]
    expect(median(values)).toBe(5)
    expect(values).toEqual([9, 1, 5])
    expect(median([0.9, 0.8, 0.85, 0.95])).toBeCloseTo(0.875)
    expect(median([])).toBeNaN()
  })
})
