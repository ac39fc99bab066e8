// When the player saves: every 10 s while playing (PRODUCT.md §9), and at once on pause, end, tab hide and leaving.
// One save at a time; a save asked for while one is in flight runs right after it with the newest state, and a state
// equal to the last one saved is not sent again.

export interface ProgressSnapshot {
  position_s: number
  watched_s: number
}

export const SAVE_INTERVAL_MS = 10_000

export class ProgressSaver {
  private latest: ProgressSnapshot | null = null
  private lastSaved: ProgressSnapshot | null = null
  private lastSaveAt: number
  private inFlight: Promise<void> | null = null
  private queued = false

  constructor(
    private readonly save: (snapshot: ProgressSnapshot) => Promise<unknown>,
    private readonly options: { intervalMs?: number; now?: () => number } = {},
  ) {
    this.lastSaveAt = this.now()
  }

  private now() {
    return (this.options.now ?? Date.now)()
  }

  /** Records the player's current state without saving. */
  update(snapshot: ProgressSnapshot): void {
    this.latest = { position_s: Math.floor(snapshot.position_s), watched_s: Math.floor(snapshot.watched_s) }
  }

  /** Called on each time update while playing: saves when the interval has passed since the last save. */
  tick(): Promise<void> | null {
    if (this.now() - this.lastSaveAt < (this.options.intervalMs ?? SAVE_INTERVAL_MS)) return null
    return this.flush()
  }

  /** Saves the newest state now (pause, ended, hidden, leaving) unless it was already saved. */
  flush(): Promise<void> {
    if (this.inFlight) {
      this.queued = true
      return this.inFlight
    }
    const snapshot = this.latest
    if (!snapshot || (this.lastSaved && sameSnapshot(snapshot, this.lastSaved))) return Promise.resolve()
    this.lastSaveAt = this.now()
    this.inFlight = this.save(snapshot)
      .then(
        () => {
          this.lastSaved = snapshot
        },
        () => {
          // Keep lastSaved as it was so the next flush retries this state.
        },
      )
      .finally(() => {
        this.inFlight = null
        if (this.queued) {
          this.queued = false
          void this.flush()
        }
      })
    return this.inFlight
  }
}

function sameSnapshot(a: ProgressSnapshot, b: ProgressSnapshot) {
  return a.position_s === b.position_s && a.watched_s === b.watched_s
}
