// The outbox that holds progress writes the API could not receive: kept per signed-in user (see progress-queue),
// sent in order when asked (the connection is back, the tab is visible again) and on a backoff timer, and watched by
// the player through subscribe/getState. Sending, storage and timers are injected, so the logic is tested alone.
import {
  enqueueSave,
  isUnreachable,
  readQueue,
  removeSent,
  retryDelayMs,
  writeQueue,
  type ProgressQueue,
  type QueuedSave,
} from './progress-queue'

export interface OutboxState {
  userId: string | null
  queue: ProgressQueue
  /** The last try could not reach the API: the learner is offline (or the API is away). */
  offline: boolean
}

export interface OutboxDeps<Result> {
  send: (save: QueuedSave) => Promise<Result>
  storage?: Storage
  /** After a queued write reached the server: the caller patches its caches with the answer. */
  onSynced?: (result: Result) => void
  /** The server refused a queued write (e.g. the lesson locked meanwhile): it is dropped, and the caller told. */
  onRefused?: (save: QueuedSave, error: unknown) => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export class ProgressOutbox<Result = unknown> {
  private state: OutboxState = { userId: null, queue: [], offline: false }
  private readonly listeners = new Set<() => void>()
  private attempt = 0
  private timer: unknown = null
  private sending: Promise<void> | null = null
  private again = false

  constructor(private readonly deps: OutboxDeps<Result>) {}

  getState = (): OutboxState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  pending(lessonId: string): QueuedSave | undefined {
    return this.state.queue.find((entry) => entry.lesson_id === lessonId)
  }

  /** The signed-in user changed (or signed out): their own queue is loaded, and sent if anything waits. */
  setUser(userId: string | null): void {
    if (userId === this.state.userId) return
    this.cancelTimer()
    this.attempt = 0
    const queue = userId ? readQueue(userId, this.deps.storage) : []
    this.set({ userId, queue, offline: false })
    if (queue.length > 0) void this.flush()
  }

  /** Keeps a write the API could not take, and schedules a try. */
  add(userId: string, save: QueuedSave): void {
    if (userId !== this.state.userId) this.setUser(userId)
    const queue = enqueueSave(this.state.queue, save)
    writeQueue(userId, queue, this.deps.storage)
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
      if (!next) break
      try {
        const result = await this.deps.send(next)
        this.drop(userId, next)
        this.deps.onSynced?.(result)
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

  private drop(userId: string, sent: QueuedSave) {
    if (this.state.userId !== userId) return
    // Compared by value: a newer write merged into the entry while it was in flight stays queued.
    const queue = removeSent(this.state.queue, sent)
    writeQueue(userId, queue, this.deps.storage)
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

  private set(next: OutboxState) {
    this.state = next
    for (const listener of this.listeners) listener()
  }
}
