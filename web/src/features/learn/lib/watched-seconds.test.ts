// Distinct seconds watched: playing counts each second once, seeks and replays add nothing, ranges round-trip.
import { describe, expect, it } from 'vitest'
import { WatchedSeconds, loadWatchedSeconds, storeWatchedSeconds } from './watched-seconds'

function play(watched: WatchedSeconds, from: number, to: number, step = 0.25) {
  for (let t = from; t <= to + 1e-9; t += step) watched.played(t)
}

describe('WatchedSeconds', () => {
  it('counts each whole second played once', () => {
    const watched = new WatchedSeconds()
    play(watched, 0, 9.9)
    expect(watched.count).toBe(10)
  })

  it('does not count seconds skipped by seeking forward', () => {
    const watched = new WatchedSeconds()
    play(watched, 0, 4.9)
    watched.played(60) // a seek arrives as a big jump
    play(watched, 60.25, 64.9)
    expect(watched.count).toBe(10)
    expect(watched.toRanges()).toEqual([
      [0, 4],
      [60, 64],
    ])
  })

  it('does not count a replayed part twice', () => {
    const watched = new WatchedSeconds()
    play(watched, 0, 9.9)
    watched.interrupt()
    play(watched, 2, 7.9)
    expect(watched.count).toBe(10)
  })

  it('counts fast playback by media seconds (2x speed gives half-second updates)', () => {
    const watched = new WatchedSeconds()
    play(watched, 0, 19.5, 0.5)
    expect(watched.count).toBe(20)
  })

  it('never reports less than the server already has', () => {
    const watched = new WatchedSeconds()
    play(watched, 0, 2.9)
    expect(watched.merged(40)).toBe(40)
    expect(watched.merged(1)).toBe(3)
  })

  it('survives a reload through storage and ignores garbage', () => {
    const storage = new Map<string, string>()
    const fake = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    } as unknown as Storage
    const watched = new WatchedSeconds()
    play(watched, 0, 4.9)
    storeWatchedSeconds('u', 'l', watched, fake)
    const again = loadWatchedSeconds('u', 'l', fake)
    play(again, 5, 9.9)
    expect(again.count).toBe(10)
    storage.set('summit:watched:u:bad', '{"no":1}')
    expect(loadWatchedSeconds('u', 'bad', fake).count).toBe(0)
    expect(WatchedSeconds.fromRanges([[1, 'x'], [3, 4], 'y']).count).toBe(2)
  })
})
