// The tenant-wide limits of Realtime: concurrent users, joins per second, and events and postgres changes per second,
// counted for the one tenant the local stack serves as Realtime counts them (Realtime.RateCounter,
// RealtimeWeb.TenantRateLimiters, RealtimeChannel.limit_max_users / limit_joins, RealtimeChannel.MessageDispatcher,
// the postgres_changes poller).
//
// A rate counter closes a bucket every 5 s and keeps the last 12; its rate is the average per second over the buckets
// it has (sum / buckets / 5), so a fresh counter judges the first 5 s alone and a full one the last minute. It
// triggers when that rate reaches the limit and lets go once it falls below. It is started by its first use and
// forgets everything after 10 idle minutes.

/** The limits of the tenant `supabase start` seeds: Realtime's defaults, which the CLI does not override. */
export interface TenantLimits {
  maxConcurrentUsers: number
  maxEventsPerSecond: number
  maxJoinsPerSecond: number
}

export const defaultTenantLimits: TenantLimits = {
  maxConcurrentUsers: 200,
  maxEventsPerSecond: 100,
  maxJoinsPerSecond: 100,
}

export interface RateCounterOptions {
  /** The rate, per second, at which the counter triggers. */
  limit: number
  tickMs?: number
  maxBuckets?: number
  idleShutdownMs?: number
}

export class RateCounter {
  private readonly tickMs: number
  private readonly maxBuckets: number
  private readonly idleShutdownMs: number
  private count = 0
  private buckets: number[] = []
  private tickTimer: NodeJS.Timeout | undefined
  private idleTimer: NodeJS.Timeout | undefined
  /** Events per second over the buckets so far. */
  rate = 0
  private isTriggered = false

  constructor(private readonly options: RateCounterOptions) {
    this.tickMs = options.tickMs ?? 5_000
    this.maxBuckets = options.maxBuckets ?? 12
    this.idleShutdownMs = options.idleShutdownMs ?? 10 * 60_000
  }

  get running(): boolean {
    return this.tickTimer !== undefined
  }

  /** Whether the limit is reached; starts the counter, as RateCounter.get does. */
  get triggered(): boolean {
    this.start()
    return this.isTriggered
  }

  add(n = 1): void {
    this.start()
    this.count += n
  }

  start(): void {
    if (this.running) return
    this.tickTimer = setInterval(() => this.tick(), this.tickMs).unref()
    this.scheduleIdleCheck()
  }

  stop(): void {
    clearInterval(this.tickTimer)
    clearTimeout(this.idleTimer)
    this.tickTimer = undefined
    this.idleTimer = undefined
    this.count = 0
    this.buckets = []
    this.rate = 0
    this.isTriggered = false
  }

  private tick(): void {
    this.buckets = [this.count, ...this.buckets].slice(0, this.maxBuckets)
    this.count = 0
    const sum = this.buckets.reduce((total, n) => total + n, 0)
    this.rate = sum / this.buckets.length / (this.tickMs / 1000)
    this.isTriggered = this.rate >= this.options.limit
  }

  private scheduleIdleCheck(): void {
    this.idleTimer = setTimeout(() => {
      if (this.buckets.every((n) => n === 0) && this.count === 0) this.stop()
      else this.scheduleIdleCheck()
    }, this.idleShutdownMs).unref()
  }
}

/** The tenant's counters, shared by the sockets and channels of one Realtime service. */
export class TenantCounters {
  readonly joins: RateCounter
  readonly events: RateCounter
  /** Postgres changes delivered: their own counter, against the same limit as events. */
  readonly dbEvents: RateCounter
  /** Sockets with a joined channel: Realtime's UsersCounter (a socket counts once, however many channels). */
  readonly users = new Set<object>()

  constructor(readonly limits: TenantLimits) {
    this.joins = new RateCounter({ limit: limits.maxJoinsPerSecond })
    this.events = new RateCounter({ limit: limits.maxEventsPerSecond })
    this.dbEvents = new RateCounter({ limit: limits.maxEventsPerSecond })
  }

  /** TenantRateLimiters.check_tenant at connect: the reason a new socket is refused (HTTP 429), if any. */
  connectRefusal(): string | undefined {
    if (this.users.size >= this.limits.maxConcurrentUsers) return 'Too many connected users'
    if (this.joins.triggered) return 'Too many joins per second'
    return undefined
  }

  stop(): void {
    this.joins.stop()
    this.events.stop()
    this.dbEvents.stop()
    this.users.clear()
  }
}
