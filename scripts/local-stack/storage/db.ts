// The Storage service's database access, as storage-api connects: request work runs as `authenticator` in one
// transaction per unit of work, switching to the caller's role with their JWT claims (so RLS on storage.objects and
// storage.buckets decides), and the server's own bookkeeping (config buckets) runs as `supabase_storage_admin`.
import pg from 'pg'
import { createPool } from '../db/pools.ts'
import type { Caller } from './caller.ts'
import { fromPgError, isPgError, StorageError } from './errors.ts'

/** What a transaction runs as: the caller, the storage operation, and the request the policies may look at. */
export interface Scope {
  caller: Caller
  /** storage.operation(), e.g. "storage.object.upload". */
  operation: string
  method?: string
  path?: string
  headers?: Record<string, string | string[] | undefined>
}

export interface Tx {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>
  /** For statements without RETURNING (which would need a SELECT policy): the number of rows affected. */
  exec(text: string, values?: unknown[]): Promise<number>
  /** Switches the rest of the transaction to another role (storage-api's asSuperUser inside a transaction). */
  setScope(scope: Scope): Promise<void>
}

// int8 as a number (sizes, limits), as storage-api sets it; timestamps stay Dates and serialise as ISO strings.
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
} as pg.CustomTypesConfig

function pool(dbUrl: string, role: string, max: number, log?: (message: string) => void): pg.Pool {
  return createPool({
    url: dbUrl,
    role,
    password: 'postgres',
    max,
    types,
    applicationName: 'summit-storage',
    options: '-c search_path=storage,public,extensions',
    log,
  })
}

const scopeSql =
  'select set_config($1, $2, true), set_config($3, $2, true), set_config($4, $5, true), set_config($6, $7, true), ' +
  'set_config($8, $9, true), set_config($10, $11, true), set_config($12, $13, true), set_config($14, $15, true), ' +
  'set_config($16, $17, true), set_config($18, $19, true)'

function scopeValues(scope: Scope): string[] {
  const { caller } = scope
  return [
    'role',
    caller.role,
    'request.jwt.claim.role',
    'request.jwt',
    caller.jwt,
    'request.jwt.claim.sub',
    caller.sub ?? '',
    'request.jwt.claims',
    JSON.stringify(caller.claims),
    'request.headers',
    JSON.stringify(scope.headers ?? {}),
    'request.method',
    scope.method ?? '',
    'request.path',
    scope.path ?? '',
    'storage.operation',
    scope.operation,
    // The protect_delete triggers refuse DELETEs unless the Storage API says it is the one deleting.
    'storage.allow_delete_query',
    'true',
  ]
}

export class StorageDb {
  private readonly requests: pg.Pool
  /** storage-api's own login, owner of the storage tables; only for the server's bookkeeping. */
  readonly admin: pg.Pool

  constructor(dbUrl: string, options: { poolSize?: number; log?: (message: string) => void } = {}) {
    this.requests = pool(dbUrl, 'authenticator', options.poolSize ?? 10, options.log)
    this.admin = pool(dbUrl, 'supabase_storage_admin', 2, options.log)
  }

  /** Runs `work` in one transaction as the scope's role; commits, or rolls back when `rollback` or on error. */
  async run<T>(scope: Scope, work: (tx: Tx) => Promise<T>, rollback = false): Promise<T> {
    // A server that refuses the connection ("too many clients") is answered as storage-api does (429 SlowDown).
    const client = await this.requests.connect().catch((error: unknown) => {
      throw isPgError(error) ? fromPgError(error) : error
    })
    let broken: Error | undefined
    try {
      await client.query('begin')
      const tx: Tx = {
        query: async <R>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as R[],
        exec: async (text, values = []) => (await client.query(text, values)).rowCount ?? 0,
        setScope: async (next) => void (await client.query(scopeSql, scopeValues(next))),
      }
      let result: T
      try {
        // Switching role is the first statement that can fail (a JWT role the database does not know, or one
        // authenticator may not become); it must end the transaction too, or the pooled connection goes back
        // aborted and whoever gets it next is answered 25P02.
        await tx.setScope(scope)
        result = await work(tx)
      } catch (error) {
        await client.query('rollback')
        throw error
      }
      await client.query(rollback ? 'rollback' : 'commit')
      return result
    } catch (error) {
      if (isPgError(error)) throw fromPgError(error)
      // Our own answers leave the connection usable; anything else (a dropped socket) may not.
      if (!(error instanceof StorageError)) broken = error as Error
      throw error
    } finally {
      client.release(broken)
    }
  }

  /** storage-api's testPermission: does the statement pass RLS as the caller? Nothing it does is kept. */
  dryRun<T>(scope: Scope, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(scope, work, true)
  }

  async end(): Promise<void> {
    await Promise.all([this.requests.end(), this.admin.end()])
  }
}
