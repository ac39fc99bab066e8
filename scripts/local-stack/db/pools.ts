// The local stack's one pool factory. Every pool logs in under a role with an application name, and survives the
// database going away: idle and checked-out clients alike have an 'error' listener, so a terminated backend, a
// Postgres restart or the OOM killer ends a query with an error instead of crashing Node.
import pg from 'pg'

export interface PoolOptions {
  /** A postgres:// URL; `role` (and `password`) replace its credentials when given. */
  url: string
  applicationName: string
  max?: number
  /** Logs connection losses (at most one line per second per pool). */
  log?: (message: string) => void
  idleTimeoutMillis?: number
  connectionTimeoutMillis?: number
  /** The role to log in as (e.g. supabase_auth_admin), instead of the URL's user. */
  role?: string
  password?: string
  /** Session settings, as libpq's `options` ("-c search_path=auth -c TimeZone=UTC"). */
  options?: string
  types?: pg.CustomTypesConfig
}

export function createPool(options: PoolOptions): pg.Pool {
  const url = new URL(options.url)
  if (options.role !== undefined) url.username = options.role
  if (options.password !== undefined) url.password = options.password
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: options.max ?? 10,
    application_name: options.applicationName,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    ...(options.options === undefined ? {} : { options: options.options }),
    ...(options.types === undefined ? {} : { types: options.types }),
  })
  let lastLogged = 0
  const onError = (error: Error) => {
    const now = Date.now()
    if (!options.log || now - lastLogged < 1000) return
    lastLogged = now
    options.log(`${options.applicationName}: database connection lost (${describe(error)})`)
  }
  // Idle clients: pg-pool re-emits their errors on the pool and drops them.
  pool.on('error', onError)
  // Checked-out clients: pg-pool removes its idle listener while a client is lent out, so without this a backend
  // ended between two queries of a transaction raises an unhandled 'error' event.
  pool.on('connect', (client) => client.on('error', onError))
  return pool
}

/**
 * A single connection for short jobs (bootstrap, migrations, a NOTIFY), with an 'error' listener: a backend ended
 * while the client is idle between queries fails the next query instead of crashing the process.
 */
export function createClient(options: {
  url: string
  applicationName: string
  connectionTimeoutMillis?: number
}): pg.Client {
  const client = new pg.Client({
    connectionString: options.url,
    application_name: options.applicationName,
    ...(options.connectionTimeoutMillis === undefined
      ? {}
      : { connectionTimeoutMillis: options.connectionTimeoutMillis }),
  })
  client.on('error', () => {
    // The pending or next query rejects with the same error; that is where it is handled.
  })
  return client
}

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'])

/** Whether an error means the database is away (not that a statement failed), so the caller answers 503. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code } = error as { code?: unknown }
  if (typeof code === 'string') {
    if (connectionCodes.has(code)) return true
    // 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08 connection exceptions.
    if (code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('08')) return true
  }
  const message = error.message
  if (
    /Connection terminated|connection timeout|timeout expired|Client has encountered a connection error|not queryable/i.test(
      message,
    )
  )
    return true
  // AggregateError from net.connect when every address refused.
  if (error instanceof AggregateError) return error.errors.some(isConnectionError)
  return error.cause !== undefined && error.cause !== error && isConnectionError(error.cause)
}

function describe(error: Error): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message
}
