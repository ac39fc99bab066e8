// The gate `npm run stack -- reset` closes while it recreates the database: requests get 503 with Retry-After (as a
// client sees under `supabase start` while its containers restart) instead of reaching a database that is being
// dropped and migrated, where they fail with 500s and their locks deadlock the migrations. Closing it waits for the
// requests already inside to finish, so the reset starts on a quiet database.
import type { ServerResponse } from 'node:http'

export const gateClosedBody = { message: 'The database is being reset. Try again in a moment.' }
export const gateRetryAfter = { 'Retry-After': '1' }

export class Gate {
  private isClosed = false
  private inside = 0
  private waiting: (() => void)[] = []

  get closed(): boolean {
    return this.isClosed
  }

  close(): void {
    this.isClosed = true
  }

  open(): void {
    this.isClosed = false
  }

  /** Counts a request that passed the gate until its response closes. */
  admit(res: ServerResponse): void {
    this.inside++
    res.once('close', () => {
      this.inside--
      if (this.inside === 0) for (const wake of this.waiting.splice(0)) wake()
    })
  }

  /** Resolves true once no admitted request is left, or false after `timeoutMs` (a stuck one is the reset's to end). */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.inside === 0) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = this.waiting.filter((wake) => wake !== done)
        resolve(false)
      }, timeoutMs)
      const done = () => {
        clearTimeout(timer)
        resolve(true)
      }
      this.waiting.push(done)
    })
  }
}
