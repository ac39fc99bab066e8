// The local stack as one unit: checks its ports, starts its services in order, records itself in the state file,
// and stops everything it started. `npm start`, `npm run stack` and `npm test` all go through here.
import { loadConfig, type StackConfig } from './config/index.ts'
import { Database } from './db/index.ts'
import { assertPortsFree } from './ports.ts'
import type { Profile } from './paths.ts'
import { clearState, readState, writeState, type StackState } from './state.ts'

export class StackAlreadyRunningError extends Error {
  constructor(readonly state: StackState) {
    super(
      `A Summit stack (${state.profile}) is already running as pid ${state.pid}, started ${state.startedAt}.\n` +
        'Stop it with `npm run stack -- stop`, or use it as it is.',
    )
  }
}

export class Stack {
  readonly config: StackConfig
  readonly database: Database
  private stopping: Promise<void> | undefined

  constructor(readonly profile: Profile) {
    this.config = loadConfig()
    this.database = new Database(profile, this.config)
  }

  async start(options: { fresh?: boolean; extraPorts?: { port: number; purpose: string }[] } = {}): Promise<void> {
    const running = readState()
    if (running) throw new StackAlreadyRunningError(running)
    await assertPortsFree([{ port: this.config.db.port, purpose: 'database' }, ...(options.extraPorts ?? [])])
    await this.database.start({ fresh: options.fresh })
    this.record()
  }

  record(extra: Partial<StackState> = {}): void {
    writeState({
      pid: process.pid,
      profile: this.profile,
      startedAt: new Date().toISOString(),
      dbUrl: this.database.url,
      ...extra,
    })
  }

  /** Idempotent: concurrent calls (Ctrl-C during a failing start) share one shutdown. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.database.stop()
      clearState()
    })()
    return this.stopping
  }
}
