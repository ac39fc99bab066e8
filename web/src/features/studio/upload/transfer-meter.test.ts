// Speed over a sliding window, time left, and the words beside the progress bar.
import { describe, expect, it } from 'vitest'
import { addSample, formatBytes, formatTimeLeft, secondsLeft, speedOf } from './transfer-meter'

describe('transfer meter', () => {
  it('measures speed over the last five seconds only', () => {
    let samples = addSample([], { at: 0, bytes: 0 })
    samples = addSample(samples, { at: 1000, bytes: 10_000_000 })
    // A slow start followed by a fast spell: the old sample falls out of the window.
    samples = addSample(samples, { at: 7000, bytes: 70_000_000 })
    samples = addSample(samples, { at: 8000, bytes: 80_000_000 })
    expect(samples.map((s) => s.at)).toEqual([7000, 8000])
    expect(speedOf(samples)).toBe(10_000_000)
  })

  it('says nothing until two samples are far enough apart', () => {
    expect(speedOf([])).toBeNull()
    expect(speedOf([{ at: 0, bytes: 0 }])).toBeNull()
    expect(
      speedOf([
        { at: 0, bytes: 0 },
        { at: 100, bytes: 5 },
      ]),
    ).toBeNull()
    expect(
      speedOf([
        { at: 0, bytes: 10 },
        { at: 1000, bytes: 10 },
      ]),
    ).toBe(0)
  })

  it('computes whole seconds left, or none without a speed', () => {
    expect(secondsLeft(100_000_000, 40_000_000, 6_000_000)).toBe(10)
    expect(secondsLeft(100, 99, 1000)).toBe(1)
    expect(secondsLeft(100, 100, 1000)).toBe(0)
    expect(secondsLeft(100, 0, null)).toBeNull()
    expect(secondsLeft(100, 0, 0)).toBeNull()
  })

  it('words sizes and times the way the bar shows them', () => {
    expect(formatBytes(512)).toBe('512 bytes')
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB')
    expect(formatBytes(6 * 1024 * 1024)).toBe('6 MB')
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB')
    expect(formatTimeLeft(8)).toBe('8 s left')
    expect(formatTimeLeft(200)).toBe('3 min 20 s left')
    expect(formatTimeLeft(120)).toBe('2 min left')
    expect(formatTimeLeft(3900)).toBe('1 h 5 min left')
  })
})
