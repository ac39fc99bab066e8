// The logical replication stream: a TEMPORARY pgoutput slot (it dies with its connection, so nothing outlives the
// service and `stack reset` can copy the database) on the Realtime publications, decoded message by message. When
// the connection is lost (the database was reset, dropped, renamed or restarted) it reconnects on a new slot, trying
// again at least every half second, so streaming resumes within a second of the database's return.
import type { Client } from 'pg'
import { LogicalReplicationService } from 'pg-logical-replication'
import { PgoutputDecoder, type Decoded } from './pgoutput.ts'

export interface ReplicationOptions {
  url: string
  applicationName: string
  slotName: string
  /** Runs before each connection: makes sure the publications exist and says which to stream. */
  prepare(): Promise<string[]>
  onMessage(message: Decoded): void
  onConnected(): void
  onDisconnected(): void
  log(message: string): void
}

/** What LogicalReplicationService needs of an output plugin; this one also creates the temporary slot. */
class TemporarySlotPlugin {
  readonly options = {}
  private readonly decoder = new PgoutputDecoder()

  constructor(
    private readonly publications: string[],
    private readonly log: (message: string) => void,
  ) {}

  get name(): string {
    return 'pgoutput'
  }

  /** Called from a socket 'data' handler: it must never throw. */
  parse(buffer: Buffer): Decoded {
    try {
      return this.decoder.decode(buffer)
    } catch (error) {
      this.log(`could not decode a replication message: ${(error as Error).message}`)
      return { tag: 'other' }
    }
  }

  async start(client: Client, slotName: string): Promise<unknown> {
    // Replication commands take no parameters; the slot and publication names are our own constants.
    await client.query(`CREATE_REPLICATION_SLOT "${slotName}" TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`)
    const names = this.publications.map((name) => `"${name}"`).join(',')
    return client.query(
      `START_REPLICATION SLOT "${slotName}" LOGICAL 0/0 (proto_version '1', publication_names '${names}')`,
    )
  }
}

/** A refused connection costs next to nothing; waiting longer between tries would delay the recovery instead. */
const MAX_RETRY_MS = 500

export class ReplicationStream {
  connected = false
  private stopped = false
  /** While set, no connection is held or attempted (`stack reset` restoring the database); resume() clears it. */
  private paused: { released: Promise<void>; release: () => void } | undefined
  private idle: (() => void) | undefined
  private service: LogicalReplicationService | undefined
  private loop: Promise<void> | undefined
  private wake: (() => void) | undefined

  constructor(private readonly options: ReplicationOptions) {}

  /** Resolves once the first connection attempt has succeeded or failed; later attempts run in the background. */
  start(): Promise<void> {
    return new Promise((resolve) => {
      this.loop = this.run(resolve)
    })
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.wake?.()
    await this.service?.stop().catch(() => {})
    await this.loop
  }

  /**
   * Ends the stream (its temporary slot goes with the connection) and holds off reconnecting until resume(): a
   * database with an active slot cannot be dropped or renamed. Resolves once the connection is closed.
   */
  async pause(): Promise<void> {
    if (this.paused || this.stopped) return
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const idle = new Promise<void>((resolve) => (this.idle = resolve))
    this.paused = { released, release }
    if (!this.loop) return // not started: nothing to close
    this.wake?.()
    await this.service?.stop().catch(() => {})
    await idle
  }

  /** Reconnects at once after pause(). */
  resume(): void {
    const paused = this.paused
    this.paused = undefined
    paused?.release()
  }

  private async run(firstAttemptDone: () => void): Promise<void> {
    let delay = 200
    let reported = false
    while (!this.stopped) {
      if (this.paused) {
        this.idle?.()
        this.options.log('replication paused (database reset)')
        await Promise.race([this.paused.released, this.untilStopped()])
        if (this.stopped) break
        this.options.log('replication resuming')
        reported = false
        delay = 200
      }
      try {
        await this.connectOnce(() => {
          delay = 200
          if (reported) this.options.log('replication stream resumed')
          reported = false
          firstAttemptDone()
        })
      } catch (error) {
        if (!this.stopped && !this.paused && !reported)
          this.options.log(`replication stream lost, reconnecting: ${(error as Error).message}`)
        reported = true
      }
      if (this.connected) {
        this.connected = false
        this.options.onDisconnected()
      }
      firstAttemptDone()
      if (this.stopped) break
      if (this.paused) continue
      await new Promise<void>((resolve) => {
        this.wake = resolve
        setTimeout(resolve, delay).unref()
      })
      delay = Math.min(delay * 2, MAX_RETRY_MS)
    }
  }

  private untilStopped(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve))
  }

  private async connectOnce(onStart: () => void): Promise<void> {
    if (this.paused) return
    const publications = await this.options.prepare()
    const service = new LogicalReplicationService(
      {
        connectionString: this.options.url,
        application_name: this.options.applicationName,
        connectionTimeoutMillis: 10_000,
      },
      { acknowledge: { auto: true, timeoutSeconds: 10 } },
    )
    this.service = service
    service.on('error', () => {}) // the subscribe() promise reports the same failure
    service.on('data', (_lsn: string, message: Decoded) => {
      try {
        this.options.onMessage(message)
      } catch (error) {
        this.options.log(`replication handler failed: ${(error as Error).stack ?? String(error)}`)
      }
    })
    service.on('start', () => {
      this.connected = true
      this.options.onConnected()
      onStart()
    })
    try {
      if (this.stopped || this.paused) return
      await service.subscribe(new TemporarySlotPlugin(publications, this.options.log), this.options.slotName)
      if (!this.stopped && !this.paused) throw new Error('the replication stream ended')
    } finally {
      await service.stop().catch(() => {})
      // The dropped connection's error can still arrive after stop() (a terminated backend's notice races the
      // socket's end): keep a sink for it, or an 'error' with no listener would crash the process.
      service.removeAllListeners()
      service.on('error', () => {})
    }
  }
}
