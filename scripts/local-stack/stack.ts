// The local stack as one unit: checks its ports, starts the database and then the API gateway with the services
// that exist, records itself in the state file, and stops everything it started in reverse order. `npm start`,
// `npm run stack` and `npm test` all go through here.
import path from 'node:path'
import { loadConfig, type StackConfig } from './config/index.ts'
import { ClusterSupervisor, Database, watchReplicationPause } from './db/index.ts'
import { createAuthService } from './auth/index.ts'
import { createFunctionsService } from './functions/index.ts'
import { Inbox } from './inbox/index.ts'
import { createRealtimeService, type RealtimeService } from './realtime/index.ts'
import { createRestService } from './rest/index.ts'
import { installSchedulerExtensions, Scheduler } from './scheduler/index.ts'
import { createStorageService, reseedConfigBuckets, seedBucketObjects } from './storage/index.ts'
import { AccessLog, checkHosts, clientUrl, defaultHosts, Gateway, type ServiceName } from './gateway/index.ts'
import type { Service } from './http/service.ts'
import { JwtKeys } from './keys/jwt.ts'
import { bold, red, step } from './log.ts'
import { profileDir, type Profile } from './paths.ts'
import { claimPorts } from './ports.ts'
import { clearState, readState, writeState, type StackState } from './state.ts'
import type { SummaryUrls } from './summary.ts'

/** How long a reset's gate waits for the requests already inside to finish. */
const RESET_DRAIN_MS = 5_000

export class StackAlreadyRunningError extends Error {
  constructor(readonly state: StackState) {
    super(
      `A Summit stack (${state.profile}) is already running as pid ${state.pid}, started ${state.startedAt}.\n` +
        'Stop it with `npm run stack -- stop`, or use it as it is.',
    )
  }
}

export interface StackOptions {
  /** Echo one line per API request to the terminal (they always go to .local-stack/<profile>/api.log). */
  verbose?: boolean
  /** Addresses the API gateway listens on; 127.0.0.1 and ::1 by default. */
  hosts?: string[]
  /** Required for any address beyond loopback: the keys are public. */
  allowNonLoopback?: boolean
}

export const stackFlagsUsage = '[--verbose] [--host <address>… --allow-non-loopback]'

/** The flags `npm start` and `npm run stack -- start` share. */
export function parseStackFlags(args: string[]): StackOptions {
  const options: StackOptions = {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--verbose' || arg === '-v') options.verbose = true
    else if (arg === '--allow-non-loopback') options.allowNonLoopback = true
    else if (arg === '--host' || arg.startsWith('--host=')) {
      const host = arg === '--host' ? args[++i] : arg.slice('--host='.length)
      if (!host) throw new Error('--host needs an address, e.g. --host 0.0.0.0')
      options.hosts = [...(options.hosts ?? []), host]
    } else throw new Error(`Unknown option ${arg}. Options: ${stackFlagsUsage}`)
  }
  return options
}

export class Stack {
  readonly config: StackConfig
  readonly database: Database
  /** The one set of JWT keys every service verifies with (HS256, plus RS256/ES256 when signing keys are set). */
  readonly keys: JwtKeys
  /** What clients, the web app and edge functions use: `http://127.0.0.1:54321`. */
  readonly apiUrl: string
  /** One line per API request, per service. */
  readonly apiLogFile: string
  gateway: Gateway | undefined
  /** Where every email Auth sends lands (Mailpit's place, port 54324), and what is sent to its SMTP port. */
  inbox: Inbox | undefined
  private accessLog: AccessLog | undefined
  private supervisor: ClusterSupervisor | undefined
  /** pg_cron's jobs and pg_net's requests (the extensions' background workers on Supabase). */
  private scheduler: Scheduler | undefined
  /** Stops following `stack reset`'s requests to pause Realtime's replication. */
  private unwatchReplication: (() => void) | undefined
  private stopping: Promise<void> | undefined
  private readonly hosts: string[]

  constructor(
    readonly profile: Profile,
    private readonly options: StackOptions = {},
  ) {
    this.config = loadConfig()
    this.hosts = options.hosts ?? defaultHosts
    // Refuse a public bind before anything starts.
    checkHosts(this.hosts, options.allowNonLoopback)
    this.database = new Database(profile, this.config)
    this.keys = new JwtKeys(this.config.auth.signingKeysPath)
    this.apiUrl = clientUrl(this.hosts, this.config.api.port)
    this.apiLogFile = path.join(profileDir(profile), 'api.log')
  }

  /**
   * `gateway: false` runs the database alone (a reset of a stopped stack needs nothing else). `alongside` is work of
   * the caller's that needs only the ports (the web app's dev server): it starts as soon as they are claimed, runs side
   * by side with the database and the services, and start resolves once both are done. When the stack fails to start,
   * its error is the one thrown.
   */
  async start(
    options: {
      fresh?: boolean
      extraPorts?: { port: number; purpose: string }[]
      gateway?: boolean
      alongside?: () => Promise<void>
    } = {},
  ): Promise<void> {
    const running = readState()
    if (running) throw new StackAlreadyRunningError(running)
    const withGateway = options.gateway ?? true
    await claimPorts(this.database.cluster, [
      { port: this.config.db.port, purpose: 'database' },
      ...(withGateway
        ? [
            { port: this.config.api.port, purpose: 'API gateway' },
            { port: this.config.inbox.port, purpose: 'email inbox' },
            ...(this.config.inbox.smtpPort === undefined
              ? []
              : [{ port: this.config.inbox.smtpPort, purpose: 'email inbox (SMTP)' }]),
          ]
        : []),
      ...(options.extraPorts ?? []),
    ])
    const alongside = options.alongside?.()
    // Observed here so that a failure of the stack's own, thrown first, does not leave it unhandled.
    alongside?.catch(() => {})
    await this.startServices(options.fresh, withGateway)
    await alongside
    this.record()
  }

  private async startServices(fresh: boolean | undefined, withGateway: boolean): Promise<void> {
    // The SQL-only pg_cron and pg_net, so migrations can create them (their worker starts below).
    installSchedulerExtensions()
    await this.database.start({ fresh })
    this.supervisor = new ClusterSupervisor(this.database.cluster, {
      log: (message) => {
        process.stderr.write(`${message}\n`)
        this.accessLog?.error(message)
      },
    })
    if (withGateway) await this.startGateway()
    if (withGateway) await seedBucketObjects(this.config, this.apiUrl)
    if (withGateway) {
      // As the superuser, like pg_cron's and pg_net's workers; it rides out a database restart by itself.
      this.scheduler = new Scheduler({
        dbUrl: this.database.adminUrl,
        log: (message) => this.accessLog?.error(message),
      })
      this.scheduler.start()
    }
  }

  /**
   * `supabase db reset` on the stack's database (every migration, then the seed), then the config.toml buckets again
   * as `supabase seed buckets` does: the database's reset, followed by Storage's.
   */
  async reset(): Promise<void> {
    await this.database.reset()
    await step('create the config.toml buckets again', () =>
      reseedConfigBuckets(this.database.adminUrl, this.config.storage),
    )
  }

  /** The services the gateway routes to; a mount without one answers 503 "not part of the local stack yet". */
  private createServices(log: AccessLog): Partial<Record<ServiceName, Service>> {
    const { config, keys, apiUrl } = this
    // Supabase's services log in as privileged service roles (Realtime as supabase_admin); here they share the
    // superuser. Edge functions get the project's own `postgres` URL, as SUPABASE_DB_URL has it.
    const dbUrl = this.database.adminUrl
    const inbox = this.inbox
    return {
      ...(inbox && {
        auth: createAuthService({
          config,
          dbUrl,
          keys,
          apiUrl,
          sendEmail: (email) => inbox.deliver(email),
          log: (message) => log.error(`auth      ${message}`),
        }),
      }),
      ...(config.storage.enabled && {
        storage: createStorageService({
          config,
          dbUrl,
          keys,
          apiUrl,
          dataDir: path.join(profileDir(this.profile), 'storage'),
          log: (message) => log.error(`storage   ${message}`),
        }),
      }),
      ...(config.realtime.enabled && {
        realtime: createRealtimeService({
          config,
          dbUrl,
          keys,
          log: (message) => log.error(`realtime  ${message}`),
          trace: (message) => log.request(`realtime  ${message}`),
        }),
      }),
      rest: createRestService({ config, dbUrl, keys, log: (message) => log.error(`rest      ${message}`) }),
      functions: createFunctionsService({
        config,
        apiUrl,
        dbUrl: this.database.url,
        keys,
        smtp: inbox?.smtpAddress,
        log: (line) => log.request(`functions ${line}`),
      }),
    }
  }

  private async startGateway(): Promise<void> {
    const log = new AccessLog(this.apiLogFile, { verbose: this.options.verbose ?? false })
    this.accessLog = log
    process.on('unhandledRejection', this.onUnhandledRejection)
    const inbox = new Inbox({ port: this.config.inbox.port, smtpPort: this.config.inbox.smtpPort })
    this.inbox = inbox
    const smtp = this.config.inbox.smtpPort === undefined ? '' : ` (SMTP on port ${this.config.inbox.smtpPort})`
    await step(`start the email inbox on ${inbox.url}${smtp}`, () => inbox.start())
    const services = this.createServices(log)
    const realtime = services.realtime as RealtimeService | undefined
    const gateway = new Gateway({
      port: this.config.api.port,
      hosts: this.hosts,
      allowNonLoopback: this.options.allowNonLoopback,
      services,
      log: log.request,
      logError: log.error,
      warn: (message) => process.stderr.write(`\n${bold(red(message))}\n\n`),
    })
    this.gateway = gateway
    // `stack reset`: Realtime lets go of its slot, and the gate to the database closes once the requests inside are
    // done; both reopen when the reset has finished (or failed).
    this.unwatchReplication = watchReplicationPause(profileDir(this.profile), {
      async pauseReplication() {
        gateway.gate.close()
        await Promise.all([realtime?.pauseReplication(), gateway.gate.drained(RESET_DRAIN_MS)])
      },
      resumeReplication() {
        realtime?.resumeReplication()
        gateway.gate.open()
      },
    })
    const names = gateway.serviceNames.join(', ') || 'no services yet'
    await step(`start the API gateway on ${this.apiUrl} (${names})`, () => gateway.start())
  }

  /** A stray rejection inside a service is logged, not allowed to take the whole stack down. */
  private readonly onUnhandledRejection = (reason: unknown): void => {
    const detail = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)
    this.accessLog?.error(`unhandled rejection (the stack keeps running): ${detail}`)
  }

  /** The gateway's part of the start summary, once it runs. */
  get apiSummary(): SummaryUrls['api'] {
    if (!this.gateway) return undefined
    const verbose = this.options.verbose ?? false
    return {
      url: this.apiUrl,
      services: this.gateway.serviceNames,
      logFile: this.apiLogFile,
      verbose,
      inboxUrl: this.inbox?.url,
      inboxSmtp: this.inbox?.smtpAddress,
    }
  }

  record(extra: Partial<StackState> = {}): void {
    writeState({
      pid: process.pid,
      profile: this.profile,
      startedAt: new Date().toISOString(),
      dbUrl: this.database.url,
      ...(this.gateway ? { resetGate: true } : {}),
      ...extra,
    })
  }

  /** Idempotent: concurrent calls (Ctrl-C during a failing start) share one shutdown. Reverse order of start. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.unwatchReplication?.()
      await this.scheduler?.stop()
      await this.gateway?.stop()
      await this.inbox?.stop()
      process.off('unhandledRejection', this.onUnhandledRejection)
      await this.supervisor?.stop()
      await this.accessLog?.close()
      await this.database.stop()
      clearState()
    })()
    return this.stopping
  }
}
