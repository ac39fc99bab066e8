// Keeps the schema cache current: LISTEN on the `pgrst` channel ('reload schema' / 'reload config', as PostgREST)
// on a dedicated connection that reconnects with backoff. DDL that sends no NOTIFY (`npm run stack -- reset`,
// migrations) is caught by polling a cheap fingerprint of the exposed schemas' catalog rows on the same connection.
import pg from 'pg'

/**
 * Changes whenever a relation, column, function, constraint, type, enum value or schema of the exposed schemas does
 * (an exposed schema created, dropped or renamed included; other schemas do not count), or a role setting.
 */
const fingerprintQuery = `
with ns as (select oid from pg_catalog.pg_namespace where nspname = any($1))
select concat_ws('/',
  (select count(*) || '.' || coalesce(max(xmin::text::bigint), 0) from pg_catalog.pg_namespace where oid in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(c.xmin::text::bigint), 0) from pg_catalog.pg_class c where c.relnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(a.xmin::text::bigint), 0) from pg_catalog.pg_attribute a
     join pg_catalog.pg_class c on c.oid = a.attrelid where c.relnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(p.xmin::text::bigint), 0) from pg_catalog.pg_proc p where p.pronamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(k.xmin::text::bigint), 0) from pg_catalog.pg_constraint k where k.connamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(t.xmin::text::bigint), 0) from pg_catalog.pg_type t where t.typnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(e.xmin::text::bigint), 0) from pg_catalog.pg_enum e
     join pg_catalog.pg_type t on t.oid = e.enumtypid where t.typnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(s.xmin::text::bigint), 0) from pg_catalog.pg_db_role_setting s)) as print`

/** The longest wait between two reconnection attempts. */
const maxRetryDelayMs = 500

export interface ReloadListenerOptions {
  /** The authenticator's URL. */
  url: string
  schemas: string[]
  /** How often to compare the catalog's fingerprint; 0 turns the check off. */
  pollMs: number
  onReload: () => Promise<void>
  onError: (error: unknown) => void
  /** The connection's application_name (tests pick their own to find it in pg_stat_activity). */
  applicationName?: string
}

export class ReloadListener {
  private client: pg.Client | undefined
  private stopped = true
  private retryTimer: NodeJS.Timeout | undefined
  private pollTimer: NodeJS.Timeout | undefined
  private fingerprint: string | undefined
  /** A check (the fingerprint query and maybe a reload) is running: polls meanwhile are skipped, not queued. */
  private checking = false
  /** A NOTIFY or a reconnect asked for a reload whatever the fingerprint says. */
  private reloadAsked = false

  constructor(private readonly options: ReloadListenerOptions) {}

  /** Connects, or rejects and stays stopped: nothing retries after a failed start. */
  async start(): Promise<void> {
    this.stopped = false
    try {
      this.fingerprint = await this.connect()
    } catch (error) {
      this.stopped = true
      throw error
    }
    if (this.options.pollMs > 0) this.pollTimer = setInterval(() => this.check(false), this.options.pollMs).unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retryTimer)
    clearInterval(this.pollTimer)
    this.retryTimer = undefined
    this.pollTimer = undefined
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }

  /** Opens the connection, LISTENs and reads the fingerprint; on any failure the connection is closed again. */
  private async connect(): Promise<string | undefined> {
    const client = new pg.Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName ?? 'summit-rest-listener',
    })
    // Until the connection is ours its failures are connect()'s rejection; the event must not go unheard.
    client.on('error', () => {})
    let print: string | undefined
    try {
      await client.connect()
      await client.query('LISTEN pgrst')
      print = await this.fingerprintOf(client)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    if (this.stopped) {
      await client.end().catch(() => {})
      return print
    }
    const lost = () => {
      if (this.client !== client) return
      this.client = undefined
      void client.end().catch(() => {})
      this.reconnect(0)
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', (msg) => {
      const payload = msg.payload ?? ''
      if (msg.channel === 'pgrst' && ['reload schema', 'reload config', ''].includes(payload)) this.check(true)
    })
    this.client = client
    return print
  }

  private async fingerprintOf(client: pg.Client): Promise<string | undefined> {
    return (await client.query<{ print: string }>(fingerprintQuery, [this.options.schemas])).rows[0]?.print
  }

  private reconnect(attempt: number): void {
    if (this.stopped || this.retryTimer) return
    // Tries at least twice a second: the service must be itself again within 1 s of the database's return.
    const delay = Math.min(maxRetryDelayMs, 100 * 2 ** Math.min(attempt, 3))
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      this.connect().then(
        // Notifications may have been missed while away: reload once back. A failed reload is only reported: the
        // connection is fine, and the next poll tries again.
        () => this.check(true),
        (error: unknown) => {
          if (this.stopped) return
          this.options.onError(error)
          this.reconnect(attempt + 1)
        },
      )
    }, delay)
  }

  /** Reloads when asked to (`force`) or when the catalog changed; one check at a time. */
  private check(force: boolean): void {
    if (force) this.reloadAsked = true
    if (this.checking || this.stopped) return
    this.checking = true
    void this.runChecks().finally(() => {
      this.checking = false
    })
  }

  private async runChecks(): Promise<void> {
    do {
      const forced = this.reloadAsked
      this.reloadAsked = false
      const client = this.client
      if (!client && !forced) return
      // The fingerprint is read before the reload, so a change made while the reload reads the catalog shows at
      // the next poll; and it is kept only once the reload succeeded, so a failed one is tried again.
      let print: string | undefined
      try {
        if (client) print = await this.fingerprintOf(client)
      } catch {
        // A broken connection is the reconnect logic's business.
        if (!forced) return
      }
      if (this.stopped) return
      if (!forced && print === this.fingerprint) continue
      try {
        await this.options.onReload()
        if (print !== undefined) this.fingerprint = print
      } catch (error) {
        this.options.onError(error)
      }
    } while (this.reloadAsked && !this.stopped)
  }
}
