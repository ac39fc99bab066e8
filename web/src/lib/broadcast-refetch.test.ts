import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { broadcastRefetch } from './broadcast-refetch'

describe('broadcastRefetch', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('refetches once, a moment after the first broadcast, however many arrive in that moment', () => {
    const refetch = vi.fn()
    const later = broadcastRefetch(refetch, 1000)
    later.schedule()
    vi.advanceTimersByTime(600)
    later.schedule()
    later.schedule()
    expect(refetch).not.toHaveBeenCalled()
    vi.advanceTimersByTime(400)
    expect(refetch).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5000)
    expect(refetch).toHaveBeenCalledTimes(1)
  })

  it('a broadcast after the refetch asks for another', () => {
    const refetch = vi.fn()
    const later = broadcastRefetch(refetch, 1000)
    later.schedule()
    vi.advanceTimersByTime(1000)
    later.schedule()
    vi.advanceTimersByTime(999)
    expect(refetch).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(refetch).toHaveBeenCalledTimes(2)
  })

  it('a cancelled refetch does not run, and a later broadcast schedules anew', () => {
    const refetch = vi.fn()
    const later = broadcastRefetch(refetch, 1000)
    later.schedule()
    later.cancel()
    vi.advanceTimersByTime(2000)
    expect(refetch).not.toHaveBeenCalled()
    later.schedule()
    vi.advanceTimersByTime(1000)
    expect(refetch).toHaveBeenCalledTimes(1)
  })
})
