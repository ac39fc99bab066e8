// The reading-time estimate of text lessons: words, not markdown marks; whole minutes rounded up.
import { describe, expect, it } from 'vitest'
import { countWords, followsEstimate, readingTimeSeconds } from './reading-time'

describe('countWords', () => {
  it('counts words, not markdown marks', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('## Heading\n\n- **bold** item\n- [a link](https://example.com)')).toBe(5)
    expect(countWords("Don't split café or e.g. or well-known")).toBe(7)
  })
})

describe('readingTimeSeconds', () => {
  it('is whole minutes at 200 words a minute, rounded up', () => {
    expect(readingTimeSeconds('')).toBe(0)
    expect(readingTimeSeconds('One word')).toBe(60)
    expect(readingTimeSeconds(Array(200).fill('word').join(' '))).toBe(60)
    expect(readingTimeSeconds(Array(201).fill('word').join(' '))).toBe(120)
  })
})

describe('followsEstimate', () => {
  const body = Array(450).fill('word').join(' ')
  it('follows while the duration is unset or still the estimate', () => {
    expect(followsEstimate('0', body)).toBe(true)
    expect(followsEstimate('', body)).toBe(true)
    expect(followsEstimate('180', body)).toBe(true)
  })
  it('leaves a duration the instructor typed', () => {
    expect(followsEstimate('600', body)).toBe(false)
  })
})
