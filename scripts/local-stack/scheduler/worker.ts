// The background work of pg_cron and pg_net for the stack's SQL-only stand-ins (see README.md). Once a second it
// runs the due jobs of cron.job, each in its own session as the job's user in the job's database, recording every
// run in cron.job_run_details; and it sends the requests queued in net.http_request_queue (at once when a commit
// wakes it with NOTIFY pg_net_wake), writing each response to net._http_response. Every claim is made in the
// database (an advisory lock and the run row for a job's window; `for update skip locked` for a request), so two
// workers never run a job or send a request twice. A database restart only costs the ticks while it is away.
import pg from 'pg'
import { dueWindow, parseSchedule } from './schedule.ts'

export interface SchedulerOptions {
  /** A superuser's URL to the database pg_net works in (`postgres`): jobs run through `set session authorization`. */
  dbUrl: string
  log: (message: string) => void
  /** Between ticks (1 s, as pg_cron's seconds schedules need). */
  tickMs?: number
}

interface JobRow {
  jobid: string
  schedule: string
  command: string
  database: string
  username: string
}

interface RequestRow {
  id: string
  method: string
  url: string
  headers: Record<string, unknown> | null
  body: Buffer | null
  timeout_milliseconds: number
}

/** The advisory lock class of job claims ('cron' in ASCII). */
const CRON_LOCK_CLASS = 0x63726f6e

export class Scheduler {
  private readonly pool: pg.Pool
  private listener: pg.Client | undefined
  private timer: NodeJS.Timeout | undefined
  private stopped = true
  private ticking: Promise<void> | undefined
  private sending = false
  private sendAgain = false
  private readonly running = new Set<Promise<void>>()
  private readonly inFlight = new Set<Promise<void>>()
  private lastError = ''
  /** When this worker started: a minute that had begun before is left alone, as pg_cron does after its start. */
  private startedAt = 0
  private readonly tickMs: number

  constructor(private readonly options: SchedulerOptions) {
    this.tickMs = options.tickMs ?? 1000
    this.pool = new pg.Pool({ connectionString: options.dbUrl, max: 4, application_name: 'pg_cron scheduler' })
    // An idle session dropped by a database restart: the next tick connects again.
    this.pool.on('error', () => {})
  }

  start(): void {
    if (!this.stopped) return
    this.stopped = false
    this.startedAt = Date.now()
    void this.listen()
    this.schedule()
  }

  /** Stops ticking and waits for the jobs and requests under way. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    const listener = this.listener
    this.listener = undefined
    await listener?.end().catch(() => {})
    await this.ticking
    await Promise.allSettled([...this.running, ...this.inFlight])
    await this.pool.end()
  }

  private schedule(): void {
    if (this.stopped) return
    // On the second boundary (plus a little), so seconds schedules run on time.
    const delay = this.tickMs - (Date.now() % this.tickMs) + 5
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined
        this.schedule()
      })
    }, delay)
  }

  private async tick(): Promise<void> {
    try {
      await this.runDueJobs()
      await this.sendQueued()
      await this.expireResponses()
      if (this.lastError) this.options.log('scheduler: the database is back')
      this.lastError = ''
    } catch (error) {
      const message = (error as Error).message
      if (message !== this.lastError) this.options.log(`scheduler: ${message} (retrying every second)`)
      this.lastError = message
    }
    // A restart of the database takes the LISTEN session with it.
    if (!this.listener && !this.stopped) void this.listen()
  }

  /** LISTEN pg_net_wake: requests go out as soon as their transaction commits. */
  private async listen(): Promise<void> {
    if (this.listener || this.stopped) return
    const client = new pg.Client({ connectionString: this.options.dbUrl, application_name: 'pg_net worker' })
    this.listener = client
    const drop = () => {
      if (this.listener === client) this.listener = undefined
    }
    client.on('error', drop)
    client.on('end', drop)
    client.on('notification', (message) => {
      if (message.channel === 'pg_net_wake') void this.sendQueued().catch(() => {})
    })
    try {
      await client.connect()
      await client.query('listen pg_net_wake; listen pg_net_restart')
    } catch {
      drop()
      await client.end().catch(() => {})
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // pg_cron
  // ---------------------------------------------------------------------------------------------------------------

  private async runDueJobs(): Promise<void> {
    const now = Date.now()
    const { rows: state } = await this.pool.query<{ installed: boolean; tz: string | null; started: Date }>(
      `select to_regclass('cron.job') is not null as installed, current_setting('cron.timezone', true) as tz,
              pg_postmaster_start_time() as started`,
    )
    const { installed, tz, started } = state[0]!
    if (!installed) return
    // Runs whose session is gone (a database restart, a killed worker) are marked failed, as pg_cron does at start.
    await this.pool.query(
      `update cron.job_run_details d set status = 'failed', return_message = 'server restarted', end_time = now()
       where d.status in ('starting', 'running')
         and (d.job_pid is null and d.start_time < now() - interval '1 minute'
              or d.job_pid is not null and not exists (select 1 from pg_stat_activity a where a.pid = d.job_pid))`,
    )
    const { rows: jobs } = await this.pool.query<JobRow>(
      'select jobid::text, schedule, command, database, username from cron.job where active order by jobid',
    )
    for (const job of jobs) {
      const schedule = parseSchedule(job.schedule)
      if (!schedule) continue
      const window = dueWindow(schedule, now, tz || 'GMT', started.getTime())
      if (window === undefined) continue
      if (schedule.kind === 'cron' && window < this.startedAt - 1000) continue
      const runid = await this.claim(job, window)
      if (runid === undefined) continue
      const run = this.runJob(job, runid).catch((error: unknown) =>
        this.options.log(`scheduler: job ${job.jobid}: ${(error as Error).message}`),
      )
      this.running.add(run)
      void run.finally(() => this.running.delete(run))
    }
  }

  /** Records the job's run for this window, unless some worker did already or a run of it is still going. */
  private async claim(job: JobRow, window: number): Promise<string | undefined> {
    const client = await this.pool.connect()
    try {
      await client.query('begin')
      await client.query('select pg_advisory_xact_lock($1::int, $2::int)', [CRON_LOCK_CLASS, Number(job.jobid)])
      const { rows } = await client.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, database, username, command, status, start_time)
         select $1::bigint, $2, $3, $4, 'starting', now()
         where not exists (
           select 1 from cron.job_run_details d
           where d.jobid = $1::bigint
             and (d.start_time >= to_timestamp($5::double precision / 1000) or d.status in ('starting', 'running'))
         )
         returning runid::text`,
        [job.jobid, job.database, job.username, job.command, window],
      )
      await client.query('commit')
      return rows[0]?.runid
    } catch (error) {
      await client.query('rollback').catch(() => {})
      throw error
    } finally {
      client.release()
    }
  }

  /** One run: its own session, as the job's user in the job's database, the command as one simple query. */
  private async runJob(job: JobRow, runid: string): Promise<void> {
    const url = new URL(this.options.dbUrl)
    url.pathname = `/${encodeURIComponent(job.database)}`
    const session = new pg.Client({ connectionString: url.toString(), application_name: 'pg_cron' })
    session.on('error', () => {})
    let status = 'failed'
    let message: string
    try {
      await session.connect()
      await session.query(`set session authorization ${pg.escapeIdentifier(job.username)}`)
      const { rows } = await session.query<{ pid: number }>('select pg_backend_pid() as pid')
      await this.pool.query(
        `update cron.job_run_details set status = 'running', job_pid = $2 where runid = $1::bigint`,
        [runid, rows[0]!.pid],
      )
      const result = (await session.query(job.command)) as pg.QueryResult | pg.QueryResult[]
      const last = Array.isArray(result) ? result[result.length - 1] : result
      message = commandTag(last)
      status = 'succeeded'
    } catch (error) {
      message = (error as Error).message
    } finally {
      await session.end().catch(() => {})
    }
    await this.pool.query(
      `update cron.job_run_details set status = $2, return_message = $3, end_time = now() where runid = $1::bigint`,
      [runid, status, message],
    )
  }

  // ---------------------------------------------------------------------------------------------------------------
  // pg_net
  // ---------------------------------------------------------------------------------------------------------------

  /** Takes up to pg_net.batch_size requests off the queue and sends them; again while more were woken meanwhile. */
  private async sendQueued(): Promise<void> {
    if (this.sending) {
      this.sendAgain = true
      return
    }
    this.sending = true
    try {
      do {
        this.sendAgain = false
        const { rows: state } = await this.pool.query<{ installed: boolean; batch: string | null }>(
          `select to_regclass('net.http_request_queue') is not null as installed,
                  current_setting('pg_net.batch_size', true) as batch`,
        )
        if (!state[0]!.installed) return
        const batch = Number(state[0]!.batch) || 200
        const { rows } = await this.pool.query<RequestRow>(
          `delete from net.http_request_queue q
           where q.id in (select id from net.http_request_queue order by id limit $1 for update skip locked)
           returning q.id::text, q.method, q.url, q.headers, q.body, q.timeout_milliseconds`,
          [batch],
        )
        for (const request of rows) {
          const sent = this.send(request).catch((error: unknown) =>
            this.options.log(`scheduler: pg_net request ${request.id}: ${(error as Error).message}`),
          )
          this.inFlight.add(sent)
          void sent.finally(() => this.inFlight.delete(sent))
        }
        if (rows.length === batch) this.sendAgain = true
      } while (this.sendAgain && !this.stopped)
    } finally {
      this.sending = false
    }
  }

  private async send(request: RequestRow): Promise<void> {
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (typeof value === 'string') headers.set(name, value)
    }
    const timeout = request.timeout_milliseconds
    let row: [number | null, string | null, string | null, string | null, boolean, string | null]
    try {
      const response = await fetch(request.url, {
        method: request.method.toUpperCase(),
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(timeout),
        redirect: 'follow',
      })
      const content = await response.text()
      row = [
        response.status,
        response.headers.get('content-type'),
        JSON.stringify(Object.fromEntries(response.headers)),
        content,
        false,
        null,
      ]
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      row = [null, null, null, null, timedOut, timedOut ? `Timeout of ${timeout} ms reached` : curlMessage(error)]
    }
    await this.pool.query(
      `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
       values ($1::bigint, $2, $3, $4::jsonb, $5, $6, $7)`,
      [request.id, ...row],
    )
  }

  /** pg_net.ttl (6 hours by default): older responses are deleted. */
  private async expireResponses(): Promise<void> {
    const { rows } = await this.pool.query<{ installed: boolean }>(
      `select to_regclass('net._http_response') is not null as installed`,
    )
    if (!rows[0]!.installed) return
    await this.pool.query(
      `delete from net._http_response
       where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval`,
    )
  }
}

/** What psql prints after a statement ('SELECT 1', 'INSERT 0 1'), as pg_cron records a successful run. */
function commandTag(result: pg.QueryResult | undefined): string {
  if (!result?.command) return ''
  if (result.command === 'INSERT') return `INSERT 0 ${result.rowCount ?? 0}`
  return result.rowCount === null ? result.command : `${result.command} ${result.rowCount}`
}

/** The libcurl wording pg_net uses for a request that got no response. */
function curlMessage(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return "Couldn't connect to server"
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "Couldn't resolve host name"
    case 'ECONNRESET':
      return 'Failure when receiving data from the peer'
    default:
      return cause?.message ?? (error as Error).message
  }
}
