// The rate counter behind Realtime's tenant limits: 5 s buckets, the last 12 kept, the rate their average per second;
// triggered from the limit up, released below it, and forgotten after 10 idle minutes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RateCounter, TenantCounters, defaultTenantLimits } from './limits.ts'

describe('RateCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('judges a fresh counter by its first 5 s, then by the average of the buckets it has', () => {
    const counter = new RateCounter({ limit: 100 })
    counter.add(499)
    vi.advanceTimersByTime(5_000)
    expect(counter.rate).toBeCloseTo(99.8)
    expect(counter.triggered).toBe(false)

    counter.add(501)
    vi.advanceTimersByTime(5_000)
    expect(counter.rate).toBe(100)
    expect(counter.triggered).toBe(true)

    // Quiet buckets bring the average down: 1000 events over 3 buckets is 66.7 a second.
    vi.advanceTimersByTime(5_000)
    expect(counter.rate).toBeCloseTo(66.67, 1)
    expect(counter.triggered).toBe(false)
  })

  it('keeps 12 buckets, so a burst weighs on the rate for one minute', () => {
    const counter = new RateCounter({ limit: 10 })
    counter.add(600)
    vi.advanceTimersByTime(5_000)
    expect(counter.triggered).toBe(true)
    vi.advanceTimersByTime(55_000)
    expect(counter.rate).toBe(10) // 600 / 12 / 5
    expect(counter.triggered).toBe(true)
    vi.advanceTimersByTime(5_000)
    expect(counter.rate).toBe(0)
    expect(counter.triggered).toBe(false)
  })

  it('starts at its first use and forgets everything after 10 idle minutes', () => {
    const counter = new RateCounter({ limit: 1 })
    expect(counter.running).toBe(false)
    expect(counter.triggered).toBe(false)
    expect(counter.running).toBe(true)
    vi.advanceTimersByTime(10 * 60_000)
    expect(counter.running).toBe(false)

    // In use every minute: the last minute's buckets are never all empty when the idle check comes.
    for (let minute = 0; minute < 10; minute++) {
      counter.add()
      vi.advanceTimersByTime(60_000)
    }
    expect(counter.running).toBe(true)
    counter.stop()
  })
})

describe('TenantCounters', () => {
  it('has the limits of the tenant `supabase start` seeds', () => {
    expect(defaultTenantLimits).toEqual({ maxConcurrentUsers: 200, maxEventsPerSecond: 100, maxJoinsPerSecond: 100 })
  })

  it('refuses new sockets at the user limit, then while joins are over theirs', () => {
    vi.useFakeTimers()
    try {
      const tenant = new TenantCounters({ ...defaultTenantLimits, maxConcurrentUsers: 1, maxJoinsPerSecond: 1 })
      expect(tenant.connectRefusal()).toBeUndefined()
      tenant.users.add({})
      expect(tenant.connectRefusal()).toBe('Too many connected users')
      tenant.users.clear()
      tenant.joins.add(5)
      vi.advanceTimersByTime(5_000)
      expect(tenant.connectRefusal()).toBe('Too many joins per second')
      tenant.stop()
    } finally {
      vi.useRealTimers()
    }
  })
})
