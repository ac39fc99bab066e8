// An outbox for writes the API could not receive: kept per signed-in user in storage, sent in order when asked (the
// connection is back, the tab is visible again) and on a backoff timer, and watched through subscribe/getState. The
// entry shape comes from an OutboxKind; sending, storage and timers are injected, so the logic is tested alone.
import {
  isUnreachable,
  readStoredQueue,
  removeSentEntry,
  retryDelayMs,
  writeStoredQueue,
  type OutboxKind,
} from './outbox-queue'

export interface OutboxState<Entry> {
  userId: string | null
  queue: Entry[]
  /** The last try could not reach the API: the user is offline (or the API is away). */
  offline: boolean
}

export interface OutboxDeps<Entry, Result> {
  send: (entry: Entry) => Promise<Result>
  storage?: Storage
  /** After a queued write reached the server: the caller patches its caches with the answer. */
  onSynced?: (result: Result, entry: Entry) => void
  /** The server refused a queued write: it is dropped, and the caller told. */
  onRefused?: (entry: Entry, error: unknown) => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export class Outbox<Entry, Result = unknown> {
  private state: OutboxState<Entry> = { userId: null, queue: [], offline: false }
  private readonly listeners = new Set<() => void>()
  private attempt = 0
  private timer: unknown = null
  private sending: Promise<void> | null = null
  private again = false

  constructor(
    private readonly kind: OutboxKind<Entry>,
    private readonly deps: OutboxDeps<Entry, Result>,
  ) {}

  getState = (): OutboxState<Entry> => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** The signed-in user changed (or signed out): their own queue is loaded, and sent if anything waits. */
  setUser(userId: string | null): void {
    if (userId === this.state.userId) return
    this.cancelTimer()
    this.attempt = 0
    const queue = userId ? readStoredQueue(this.kind, userId, this.deps.storage) : []
    this.set({ userId, queue, offline: false })
    if (queue.length > 0) void this.flush()
  }

  /** Keeps a write the API could not take, and schedules a try. */
  add(userId: string, entry: Entry): void {
    if (userId !== this.state.userId) this.setUser(userId)
    const queue = this.kind.enqueue(this.state.queue, entry)
    writeStoredQueue(this.kind, userId, queue, this.deps.storage)
    this.set({ ...this.state, queue, offline: true })
    this.schedule()
  }

  /** Tries now (the connection came back, the tab is visible): the backoff starts over. */
  retryNow(): Promise<void> {
    this.attempt = 0
    return this.flush()
  }

  /** Sends the queue in order; stops at the first failure to reach the API and schedules the next try. */
  flush(): Promise<void> {
    if (this.sending) {
      this.again = true
      return this.sending
    }
    this.cancelTimer()
    this.sending = this.sendAll().finally(() => {
      this.sending = null
      if (this.again) {
        this.again = false
        void this.flush()
      }
    })
    return this.sending
  }

  private async sendAll(): Promise<void> {
    const userId = this.state.userId
    while (userId && this.state.userId === userId) {
      const next = this.state.queue[0]
      if (next === undefined) break
      try {
        const result = await this.deps.send(next)
        this.drop(userId, next)
        this.deps.onSynced?.(result, next)
      } catch (error) {
        if (isUnreachable(error)) {
          this.set({ ...this.state, offline: true })
          this.attempt += 1
          this.schedule()
          return
        }
        this.drop(userId, next)
        this.deps.onRefused?.(next, error)
      }
    }
    this.attempt = 0
    if (this.state.offline) this.set({ ...this.state, offline: false })
  }

  private drop(userId: string, sent: Entry) {
    if (this.state.userId !== userId) return
    // Compared by value: a newer write merged into the entry while it was in flight stays queued.
    const queue = removeSentEntry(this.kind, this.state.queue, sent)
    writeStoredQueue(this.kind, userId, queue, this.deps.storage)
    this.set({ ...this.state, queue })
  }

  private schedule() {
    this.cancelTimer()
    const setTimer = this.deps.setTimer ?? ((run, ms) => globalThis.setTimeout(run, ms))
    this.timer = setTimer(() => {
      this.timer = null
      void this.flush()
    }, retryDelayMs(this.attempt))
  }

  private cancelTimer() {
    if (this.timer === null) return
    const clearTimer = this.deps.clearTimer ?? ((timer) => globalThis.clearTimeout(timer as number))
    clearTimer(this.timer)
    this.timer = null
  }

  private set(next: OutboxState<Entry>) {
    this.state = next
    for (const listener of this.listeners) listener()
  }
}
