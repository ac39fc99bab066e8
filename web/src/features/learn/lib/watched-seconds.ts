// Counts the DISTINCT whole seconds of a video a learner actually played: seeking forward adds nothing, replaying
// adds nothing twice. The set survives reloads on this device (localStorage, as ranges), so watching half, reloading
// and watching the other half counts the whole video; the server keeps the max across devices.

/** Playback gaps larger than this between two time updates are seeks, not playing. */
const MAX_PLAYED_GAP_S = 3

export class WatchedSeconds {
  private readonly seconds = new Set<number>()
  private last: number | null = null

  constructor(initial: Iterable<number> = []) {
    for (const second of initial) this.seconds.add(second)
  }

  get count(): number {
    return this.seconds.size
  }

  /** A time update while playing: marks every whole second from the previous update up to `time`. */
  played(time: number): void {
    if (!Number.isFinite(time) || time < 0) return
    const previous = this.last
    this.last = time
    if (previous === null) {
      this.seconds.add(Math.floor(time))
      return
    }
    const gap = time - previous
    if (gap < 0 || gap > MAX_PLAYED_GAP_S) return
    for (let s = Math.floor(previous); s <= Math.floor(time); s++) this.seconds.add(s)
  }

  /** Playback stopped or jumped (pause, seeking): the next update starts a new run. */
  interrupt(): void {
    this.last = null
  }

  /** The count to send: never less than what the server already has (it keeps the max anyway). */
  merged(serverWatched: number): number {
    return Math.max(serverWatched, this.count)
  }

  /** The first whole second before `durationS` not played yet (null when all were): where skipped parts start. */
  firstUnwatched(durationS: number): number | null {
    for (let s = 0; s < Math.floor(durationS); s++) if (!this.seconds.has(s)) return s
    return null
  }

  toRanges(): Array<[number, number]> {
    const sorted = [...this.seconds].sort((a, b) => a - b)
    const ranges: Array<[number, number]> = []
    for (const s of sorted) {
      const last = ranges[ranges.length - 1]
      if (last && s === last[1] + 1) last[1] = s
      else ranges.push([s, s])
    }
    return ranges
  }

  static fromRanges(ranges: unknown): WatchedSeconds {
    const seconds: number[] = []
    if (Array.isArray(ranges)) {
      for (const range of ranges) {
        if (!Array.isArray(range) || range.length !== 2) continue
        const [from, to] = range as [unknown, unknown]
        if (!Number.isInteger(from) || !Number.isInteger(to)) continue
        const a = from as number
        const b = Math.min(to as number, a + 86_400)
        for (let s = Math.max(0, a); s <= b; s++) seconds.push(s)
      }
    }
    return new WatchedSeconds(seconds)
  }
}

function storageKey(userId: string, lessonId: string) {
  return `summit:watched:${userId}:${lessonId}`
}

export function loadWatchedSeconds(
  userId: string,
  lessonId: string,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    const raw = storage?.getItem(storageKey(userId, lessonId))
    return WatchedSeconds.fromRanges(raw ? JSON.parse(raw) : [])
  } catch {
    return new WatchedSeconds()
  }
}

export function storeWatchedSeconds(
  userId: string,
  lessonId: string,
  watched: WatchedSeconds,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(storageKey(userId, lessonId), JSON.stringify(watched.toRanges()))
  } catch {
    // Storage full or disabled: the count still reaches the server with each save.
  }
}
