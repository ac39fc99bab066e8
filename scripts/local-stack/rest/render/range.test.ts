// Unit tests of Content-Range and the statuses it implies (200, 206, 416).
import { describe, expect, it } from 'vitest'
import { contentRange, rangeStatus } from './range.ts'

describe('Content-Range', () => {
  it('writes ranges and totals as PostgREST does', () => {
    expect(contentRange(0, 9, undefined)).toBe('0-9/*')
    expect(contentRange(0, 9, 100)).toBe('0-9/100')
    expect(contentRange(0, -1, 0)).toBe('*/0')
    expect(contentRange(1, 0, 3)).toBe('*/3')
  })

  it('answers 206 for a partial page of a counted result and 416 past its end', () => {
    expect(rangeStatus(0, 10, null)).toEqual({ status: 200, contentRange: '0-9/*' })
    expect(rangeStatus(0, 10, 10)).toEqual({ status: 200, contentRange: '0-9/10' })
    expect(rangeStatus(10, 10, 100)).toEqual({ status: 206, contentRange: '10-19/100' })
    expect(rangeStatus(20, 0, 5).status).toBe(416)
  })
})
