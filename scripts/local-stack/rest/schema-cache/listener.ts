// Keeps the schema cache current: LISTEN on the `pgrst` channel ('reload schema' / 'reload config', as PostgREST)
// on a dedicated connection that reconnects with backoff. DDL that sends no NOTIFY (`npm run stack -- reset`,
// migrations) is caught by polling a cheap fingerprint of the exposed schemas' catalog rows on the same connection.
import pg from 'pg'

/** Changes whenever a relation, column, function, constraint or schema of the exposed schemas changes. */
const fingerprintQuery = `
with ns as (select oid from pg_catalog.pg_namespace where nspname = any($1))
select concat_ws('/',
  (select count(*) || '.' || coalesce(max(xmin::text::bigint), 0) from pg_catalog.pg_namespace),
  (select count(*) || '.' || coalesce(max(c.xmin::text::bigint), 0) from pg_catalog.pg_class c where c.relnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(a.xmin::text::bigint), 0) from pg_catalog.pg_attribute a
     join pg_catalog.pg_class c on c.oid = a.attrelid where c.relnamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(p.xmin::text::bigint), 0) from pg_catalog.pg_proc p where p.pronamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(k.xmin::text::bigint), 0) from pg_catalog.pg_constraint k where k.connamespace in (select oid from ns)),
  (select count(*) || '.' || coalesce(max(s.xmin::text::bigint), 0) from pg_catalog.pg_db_role_setting s)) as print`

export class ReloadListener {
  private client: pg.Client | undefined
  private stopped = false
  private retryTimer: NodeJS.Timeout | undefined
  private pollTimer: NodeJS.Timeout | undefined
  private fingerprint: string | undefined

  constructor(
    private readonly url: string,
    private readonly schemas: string[],
    private readonly pollMs: number,
    private readonly onReload: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false
    await this.connect()
    if (this.pollMs > 0) this.pollTimer = setInterval(() => void this.poll(), this.pollMs).unref()
  }

  private reload(): void {
    void this.onReload().catch(this.onError)
  }

  private async connect(attempt = 0): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: 'summit-rest-listener' })
    client.on('error', () => this.reconnect(attempt + 1))
    client.on('end', () => this.reconnect(attempt + 1))
    client.on('notification', (msg) => {
      const payload = msg.payload ?? ''
      if (msg.channel === 'pgrst' && ['reload schema', 'reload config', ''].includes(payload)) this.reload()
    })
    await client.connect()
    await client.query('LISTEN pgrst')
    this.fingerprint = (await client.query<{ print: string }>(fingerprintQuery, [this.schemas])).rows[0]?.print
    this.client = client
  }

  private async poll(): Promise<void> {
    const client = this.client
    if (!client) return
    try {
      const print = (await client.query<{ print: string }>(fingerprintQuery, [this.schemas])).rows[0]?.print
      if (print !== this.fingerprint) {
        this.fingerprint = print
        this.reload()
      }
    } catch {
      // A broken connection is the reconnect logic's business.
    }
  }

  private reconnect(attempt: number): void {
    if (this.stopped || this.retryTimer) return
    this.client = undefined
    const delay = Math.min(30_000, 250 * 2 ** Math.min(attempt, 7))
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      this.connect(attempt)
        // Notifications may have been missed while away: reload once back.
        .then(() => this.onReload())
        .catch((error: unknown) => {
          this.onError(error)
          this.reconnect(attempt + 1)
        })
    }, delay)
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.retryTimer)
    clearInterval(this.pollTimer)
    this.retryTimer = undefined
    const client = this.client
    this.client = undefined
    await client?.end().catch(() => {})
  }
}
