// The connection pool of the REST service (logged in as `authenticator`, like PostgREST) and the one-round-trip
// runner on top of it: each request's statements go out as prepared statements in a single pipeline, named by a
// hash of their text so that every shape of request is parsed once per connection.
import { createHash } from 'node:crypto'
import pg from 'pg'
import { ApiError } from '../errors.ts'
import { Pipeline, type DbError, type Rows, type Statement as WireStatement } from './pipeline.ts'

export interface SqlStatement {
  text: string
  values: (string | Buffer | null)[]
}

const maxStatementsPerConnection = 300
const names = new Map<string, string>()

function statementName(text: string): string {
  let name = names.get(text)
  if (name === undefined) {
    name = `pgrst_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
    if (names.size > 5000) names.clear()
    names.set(text, name)
  }
  return name
}

/** What one connection has prepared, least recently used first, and what it must close next time. */
interface Prepared {
  names: Map<string, true>
  closing: string[]
}

export class Database {
  readonly pool: pg.Pool
  private readonly prepared = new WeakMap<pg.PoolClient, Prepared>()

  constructor(url: string, size: number) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: size,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      application_name: 'summit-rest',
    })
    // An idle connection dropped by the server must not take the process down; the pool replaces it.
    this.pool.on('error', () => {})
  }

  async withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect()
    let broken: Error | undefined
    try {
      return await work(client)
    } catch (error) {
      // Errors PostgreSQL reported (they carry a severity) and our own answers leave the connection usable;
      // anything else (a dropped socket, a protocol error) may not, so the pool replaces it.
      if (!(error instanceof ApiError) && !(error as DbError).severity) broken = error as Error
      throw error
    } finally {
      client.release(broken)
    }
  }

  /** Runs statements in one round trip; they share one transaction (the implicit one, unless one says BEGIN). */
  async pipeline(client: pg.PoolClient, statements: SqlStatement[]): Promise<Rows[]> {
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
      const name = statementName(s.text)
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
    try {
      return await pipeline.promise
    } catch (error) {
      // A statement parsed in a failed pipeline may or may not exist now: forget it and close it to be sure.
      for (const name of fresh) {
        state.names.delete(name)
        state.closing.push(name)
      }
      throw error
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
