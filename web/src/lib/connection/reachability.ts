// Whether this tab can reach the API, as it last saw it: a request that got no answer (or a gateway's 502/503/504), or
// the browser going offline, marks it unreachable; from then a light probe asks again every few seconds until the API
// answers. The app shell shows a small offline status from it. Probe and timers are injected, so it is tested alone.
import { isUnreachable } from './unreachable'

export interface ReachabilityDeps {
  /** Resolves true when the API answered. */
  probe: () => Promise<boolean>
  intervalMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export class Reachability {
  private down = false
  private timer: unknown = null
  private readonly listeners = new Set<() => void>()

  constructor(private readonly deps: ReachabilityDeps) {}

  isDown = (): boolean => this.down

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** A request's outcome: an answer (null, or a refusal from the server) means the API is there. */
  report(error: unknown): void {
    if (error !== null && isUnreachable(error)) this.markDown()
    else this.markUp()
  }

  markDown(): void {
    if (!this.down) {
      this.down = true
      this.notify()
    }
    if (this.timer === null) this.schedule()
  }

  markUp(): void {
    this.cancel()
    if (!this.down) return
    this.down = false
    this.notify()
  }

  /** Asks at once (the browser says it is online again). */
  async check(): Promise<void> {
    const answered = await this.deps.probe().catch(() => false)
    if (answered) this.markUp()
    else this.markDown()
  }

  private schedule() {
    const setTimer = this.deps.setTimer ?? ((run, ms) => globalThis.setTimeout(run, ms))
    this.timer = setTimer(() => {
      this.timer = null
      if (this.down) void this.check()
    }, this.deps.intervalMs ?? 5_000)
  }

  private cancel() {
    if (this.timer === null) return
    const clearTimer = this.deps.clearTimer ?? ((timer) => globalThis.clearTimeout(timer as number))
    clearTimer(this.timer)
    this.timer = null
  }

  private notify() {
    for (const listener of this.listeners) listener()
  }
}
