// The connection pool of the REST service (logged in as `authenticator`, like PostgREST) and the one-round-trip
// runner on top of it: each request's statements go out as prepared statements in a single pipeline, named by a
// hash of their text so that every shape of request is parsed once per connection. (Not to be confused with the
// stack's database cluster in db/: this is the REST service's pool of connections to it.)
import { createHash } from 'node:crypto'
import type pg from 'pg'
import { createPool, isConnectionError } from '../../db/pools.ts'
import { ApiError } from '../errors.ts'
import { Pipeline, type DbError, type Rows, type Statement as WireStatement } from './pipeline.ts'

export interface SqlStatement {
  text: string
  values: (string | Buffer | null)[]
  /** statementName(text), when the caller keeps it (texts it reuses); computed here otherwise. */
  name?: string
}

const maxStatementsPerConnection = 300

/**
 * The prepared-statement name of a text: a hash, so that names are short and the same on every connection. The
 * names of the last texts are remembered (a request's statement text repeats for every request of its shape), up to
 * a bound, so a service that runs ever new texts keeps no more than that.
 *
 * A request builds its text anew, and looking a new string of some hundred characters up in a Map hashes all of it
 * (1-2 µs a primary-key GET on a 2-core machine); comparing it with the last text of the same length takes about a
 * tenth of that, so that is asked first.
 */
export function statementName(text: string): string {
  const recent = recentByLength.get(text.length)
  if (recent !== undefined && recent.text === text) return recent.name
  let name = namesByText.get(text)
  if (name === undefined) {
    name = `pgrst_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    if (namesByText.size >= rememberedNames) {
      namesByText.clear()
      recentByLength.clear()
    }
    namesByText.set(text, name)
  }
  recentByLength.set(text.length, { text, name })
  return name
}

const rememberedNames = 2000
const namesByText = new Map<string, string>()
/** The last text of each length and its name (as many entries as namesByText at most). */
const recentByLength = new Map<number, { text: string; name: string }>()

/** Past the request's statement_timeout, PostgreSQL should have answered; this much later we stop waiting. */
const stallMarginMs = 10_000
/** Without a statement_timeout a query may run long: wait this long before deciding the database is gone. */
const defaultStallMs = 300_000
const timeUnits: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }

/** How long to wait for a request's pipeline, from the statement_timeout among its settings (PostgreSQL's units). */
export function stallTimeoutMs(settings: [string, string][]): number {
  const value = settings.findLast(([name]) => name === 'statement_timeout')?.[1]
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value)
  const ms = match ? Number(match[1]) * timeUnits[match[2] ?? 'ms']! : 0
  return ms > 0 ? ms + stallMarginMs : defaultStallMs
}

/** The database did not answer a pipeline in time; its connection is destroyed. */
export class StalledError extends Error {
  readonly code = 'PGRST_STALLED'
  constructor(readonly timeoutMs: number) {
    super(`The database did not answer within ${Math.round(timeoutMs / 1000)} s`)
  }
}

/** No connection could be opened (the database is down, starting or refusing): PostgREST's PGRST000. */
export class ConnectError extends Error {
  constructor(cause: unknown) {
    super((cause as Error)?.message ?? String(cause), { cause })
  }
}

/** What one connection has prepared, least recently used first, and what it must close next time. */
interface Prepared {
  names: Map<string, true>
  closing: string[]
}

export class RestPool {
  readonly pool: pg.Pool
  private readonly prepared = new WeakMap<pg.PoolClient, Prepared>()
  /** Bumped by flush(): a connection opened under an older generation is closed instead of reused. */
  private generation = 0
  private readonly born = new WeakMap<pg.PoolClient, number>()

  constructor(url: string, size: number, applicationName = 'summit-rest', log?: (message: string) => void) {
    // createPool gives idle and checked-out connections an 'error' listener: a terminated backend or a Postgres
    // restart ends the request with an error instead of taking the process down.
    this.pool = createPool({
      url,
      max: size,
      applicationName,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
      ...(log ? { log } : {}),
    })
    this.pool.on('connect', (client) => this.born.set(client, this.generation))
  }

  private stale(client: pg.PoolClient): boolean {
    return (this.born.get(client) ?? -1) < this.generation
  }

  /**
   * Lets no connection outlive the schema it cached (prepared statements hold type OIDs; "cache lookup failed for
   * type N" after a reset): idle ones are closed now, checked-out ones when they come back. PostgREST flushes its
   * pool the same way after every schema cache load.
   */
  flush(): void {
    this.generation++
    for (let i = this.pool.idleCount; i > 0; i--) {
      this.pool.connect().then(
        (client) => client.release(this.stale(client)),
        () => {},
      )
    }
  }

  async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient
    for (;;) {
      try {
        client = await this.pool.connect()
      } catch (error) {
        throw isConnectionError(error) ? new ConnectError(error) : error
      }
      if (!this.stale(client)) break
      client.release(true)
    }
    let broken: Error | undefined
    try {
      return await work(client)
    } catch (error) {
      // Errors PostgreSQL reported (they carry a severity) and our own answers leave the connection usable, unless
      // they end the session (57P01 and friends); anything else (a dropped socket, a protocol error) may not, so
      // the pool replaces it.
      if (!(error instanceof ApiError) && (!(error as DbError).severity || isConnectionError(error))) {
        broken = error as Error
      }
      throw error
    } finally {
      client.release(broken ?? this.stale(client))
    }
  }

  /**
   * Runs statements in one round trip; they share one transaction (the implicit one, unless one says BEGIN). If no
   * answer comes within `timeoutMs` the connection is destroyed and StalledError thrown, so a database that stopped
   * answering cannot hold pool connections forever.
   */
  async pipeline(client: pg.PoolClient, statements: SqlStatement[], timeoutMs = defaultStallMs): Promise<Rows[]> {
    let state = this.prepared.get(client)
    if (!state) {
      state = { names: new Map(), closing: [] }
      this.prepared.set(client, state)
    }
    const fresh: string[] = []
    const wire: WireStatement[] = statements.map((s) => {
      if (s.values.length === 0 && !/^\s*(select|with)/i.test(s.text)) {
        return { name: '', text: s.text, values: [], parse: true }
      }
      const name = s.name ?? statementName(s.text)
      const known = state.names.has(name)
      if (known) state.names.delete(name)
      else fresh.push(name)
      state.names.set(name, true)
      return { name, text: s.text, values: s.values, parse: !known }
    })
    const closing = state.closing.splice(0)
    while (state.names.size > maxStatementsPerConnection) {
      const oldest = state.names.keys().next().value as string
      state.names.delete(oldest)
      closing.push(oldest)
    }
    const pipeline = new Pipeline(wire, closing)
    void client.query(pipeline as unknown as pg.QueryConfig)
    const timer = setTimeout(() => {
      pipeline.abandon(new StalledError(timeoutMs))
      // withClient releases it as broken; destroying the socket now keeps a silent server from holding it open.
      client.connection.stream.destroy()
    }, timeoutMs)
    try {
      return await pipeline.promise
    } catch (error) {
      // A statement parsed in a failed pipeline may or may not exist now: forget it and close it to be sure.
      for (const name of fresh) {
        state.names.delete(name)
        state.closing.push(name)
      }
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  async end(): Promise<void> {
    await this.pool.end()
  }
}

export function authenticatorUrl(superuserUrl: string): string {
  const url = new URL(superuserUrl)
  url.username = 'authenticator'
  url.password = 'postgres'
  return url.toString()
}
