// Failed password sign-ins, limited per account without letting a stranger lock the owner out. Each account allows
// at most `limit` failures an hour from any one client. Past `limit` failures an hour on the account as a whole,
// only the clients that contributed failures are stopped: a client with a clean record (the owner on their usual
// device, or a new one) may still try, so an attack costs the attacker one fresh address per extra guess.
const hour = 3_600_000
/** Bounds memory under a flood of distinct accounts or addresses; the oldest records go first. */
const maxTracked = 100_000

export class FailedPasswordAttempts {
  private readonly byAccount = new Map<string, number[]>()
  private readonly byClient = new Map<string, number[]>()

  constructor(
    private readonly limit = 100,
    private readonly windowMs = hour,
  ) {}

  /** Whether `client` may try a password for `account` now. */
  allows(account: string, client: string, now = Date.now()): boolean {
    const own = this.recent(this.byClient, `${account}\n${client}`, now)
    if (own >= this.limit) return false
    return own === 0 || this.recent(this.byAccount, account, now) < this.limit
  }

  recordFailure(account: string, client: string, now = Date.now()): void {
    this.push(this.byAccount, account, now)
    this.push(this.byClient, `${account}\n${client}`, now)
  }

  /** A successful sign-in wipes the client's own record (not the account's). */
  recordSuccess(account: string, client: string): void {
    this.byClient.delete(`${account}\n${client}`)
  }

  private recent(map: Map<string, number[]>, key: string, now: number): number {
    const times = map.get(key)
    if (!times) return 0
    const cutoff = now - this.windowMs
    while (times.length > 0 && times[0]! <= cutoff) times.shift()
    if (times.length === 0) map.delete(key)
    return times.length
  }

  private push(map: Map<string, number[]>, key: string, now: number): void {
    const times = map.get(key) ?? []
    times.push(now)
    // Only the newest `limit` matter for the decision.
    if (times.length > this.limit) times.shift()
    map.delete(key)
    map.set(key, times)
    if (map.size > maxTracked) map.delete(map.keys().next().value!)
  }
}
