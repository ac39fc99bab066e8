// Save scheduling: every 10 s while playing, at once on flush, one save at a time, nothing sent twice.
import { describe, expect, it, vi } from 'vitest'
import { ProgressSaver, type ProgressSnapshot } from './progress-saver'

function setup() {
  let now = 0
  const saved: ProgressSnapshot[] = []
  let release: (() => void) | null = null
  let hold = false
  const save = vi.fn((snapshot: ProgressSnapshot) => {
    saved.push(snapshot)
    return hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()
  })
  const saver = new ProgressSaver(save, { now: () => now })
  return {
    saver,
    saved,
    advance: (ms: number) => (now += ms),
    holdSaves: () => (hold = true),
    release: () => release?.(),
  }
}

describe('ProgressSaver', () => {
  it('saves on a playing tick only once 10 s have passed since the last save', async () => {
    const { saver, saved, advance } = setup()
    saver.update({ position_s: 3, watched_s: 3 })
    advance(9_999)
    expect(saver.tick()).toBeNull()
    advance(1)
    await saver.tick()
    expect(saved).toEqual([{ position_s: 3, watched_s: 3 }])
    saver.update({ position_s: 5, watched_s: 5 })
    advance(5_000)
    expect(saver.tick()).toBeNull()
  })

  it('saves at once on flush (pause, hide) but never the same state twice', async () => {
    const { saver, saved } = setup()
    saver.update({ position_s: 12.7, watched_s: 12.2 })
    await saver.flush()
    await saver.flush()
    expect(saved).toEqual([{ position_s: 12, watched_s: 12 }])
  })

  it('runs a flush asked for during a save right after it, with the newest state', async () => {
    const { saver, saved, holdSaves, release } = setup()
    holdSaves()
    saver.update({ position_s: 1, watched_s: 1 })
    const first = saver.flush()
    saver.update({ position_s: 2, watched_s: 2 })
    void saver.flush()
    saver.update({ position_s: 3, watched_s: 3 })
    void saver.flush()
    expect(saved).toHaveLength(1)
    release()
    await first
    await vi.waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]).toEqual({ position_s: 3, watched_s: 3 })
  })

  it('retries a state whose save failed', async () => {
    let fail = true
    const calls: ProgressSnapshot[] = []
    const saver = new ProgressSaver((s) => {
      calls.push(s)
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve()
    })
    saver.update({ position_s: 4, watched_s: 4 })
    await saver.flush()
    fail = false
    await saver.flush()
    expect(calls).toHaveLength(2)
  })

  it('does nothing before the player reported a state', async () => {
    const { saver, saved } = setup()
    await saver.flush()
    expect(saved).toEqual([])
  })
})
