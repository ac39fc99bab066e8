// Keeps the stack's PostgreSQL running: when the postmaster dies while the stack runs (killed, OOM killer, crash),
// it is started again on the same data folder, retrying while the old server's processes wind down, with one clear
// log line for the death and one for the restart. The services' pools reconnect by themselves once it is back.
import type { Cluster } from './cluster.ts'

export interface SupervisorOptions {
  log: (message: string) => void
  /** Waits between restart attempts; the last one repeats until a restart succeeds or the supervisor stops. */
  retryDelaysMs?: number[]
}

export class ClusterSupervisor {
  private stopped = false
  private restarting: Promise<void> | undefined
  private readonly delays: number[]

  constructor(
    private readonly cluster: Cluster,
    private readonly options: SupervisorOptions,
  ) {
    this.delays = options.retryDelaysMs ?? [0, 250, 500, 1000, 2000, 5000]
    cluster.onUnexpectedExit = ({ pid, code, signal }) => {
      if (this.stopped) return
      const how = signal ? `killed by ${signal}` : `exit code ${code}`
      this.options.log(`database: PostgreSQL (pid ${pid}) died unexpectedly (${how}); restarting it`)
      this.restarting ??= this.restart().finally(() => (this.restarting = undefined))
    }
  }

  /** Resolves once a restart in progress (if any) has finished. */
  async settled(): Promise<void> {
    await this.restarting
  }

  /** Stops supervising (before the stack stops the cluster itself). */
  async stop(): Promise<void> {
    this.stopped = true
    this.cluster.onUnexpectedExit = undefined
    await this.restarting
  }

  private async restart(): Promise<void> {
    const began = Date.now()
    for (let attempt = 0; !this.stopped; attempt++) {
      const delay = this.delays[Math.min(attempt, this.delays.length - 1)] ?? 1000
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      if (this.stopped) return
      try {
        await this.cluster.start()
        this.options.log(`database: PostgreSQL restarted (pid ${this.cluster.pid}) after ${Date.now() - began} ms`)
        return
      } catch (error) {
        // Typically the dead postmaster's backends still hold the port or shared memory for a moment.
        if (attempt === 2 || attempt % 10 === 9) {
          this.options.log(`database: restarting PostgreSQL failed, retrying: ${(error as Error).message}`)
        }
      }
    }
  }
}
