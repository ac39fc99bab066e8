// The REST service of the local stack: PostgREST v14's dialect as postgrest-js 2.119 speaks it, mounted by the
// gateway at /rest/v1. Pipeline per request: parse (request/) → plan against the schema cache (plan/) → one
// parameterised statement (sql/) → one transaction in one round trip (execute/) → the response (render/).
import type { StackConfig } from '../config/index.ts'
import type { Service } from '../http/service.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import { Authenticator } from './auth/caller.ts'
import { authenticatorUrl, RestPool } from './execute/database.ts'
import { handleRest, type HandlerDeps } from './handle.ts'
import { ReloadListener } from './schema-cache/listener.ts'
import { loadSchemaCache } from './schema-cache/load.ts'
import type { SchemaCache } from './schema-cache/types.ts'

export interface RestServiceOptions {
  config: StackConfig
  /** Superuser URL of the database; the service logs in as `authenticator` on the same server. */
  dbUrl: string
  keys: JwtKeys
  /** Exposed schemas, replacing config.toml's [api] schemas (tests expose their own). */
  schemas?: string[]
  /** Connections in the pool (PostgREST's default is 10). */
  poolSize?: number
  /** Where unexpected errors go (they answer 500 PGRSTX00 to the client). */
  log?: (message: string) => void
  /** Allow aggregate functions in select (PostgREST's db-aggregates-enabled). */
  aggregates?: boolean
  /**
   * How often to check the exposed schemas' catalog for DDL that sent no NOTIFY (a reset, a migration); 0 turns the
   * check off. Default 1000 ms.
   */
  schemaPollMs?: number
  /** A pool to use instead of the service's own (the benchmark shares one with a bare handler). */
  database?: RestPool
  /** application_name of the pool's connections (the listener's adds `-listener`). Default summit-rest. */
  applicationName?: string
}

export type RestService = Service & {
  reloadSchema(): Promise<void>
  /** The current schema cache, for diagnostics and tests. */
  readonly schemaCache: SchemaCache | undefined
}

export function createRestService(options: RestServiceOptions): RestService {
  const url = authenticatorUrl(options.dbUrl)
  const schemas = options.schemas ?? options.config.api.schemas
  const settings = {
    schemas,
    extraSearchPath: options.config.api.extraSearchPath,
    maxRows: options.config.api.maxRows > 0 ? options.config.api.maxRows : undefined,
    ...(options.aggregates === undefined ? {} : { aggregates: options.aggregates }),
  }
  const log = options.log ?? ((message: string) => process.stderr.write(`rest: ${message}\n`))
  const db = options.database ?? new RestPool(url, options.poolSize ?? 10, options.applicationName, log)
  const auth = new Authenticator(options.keys)
  let cache: SchemaCache | undefined
  let loading: Promise<void> | undefined
  let again = false

  const loadOnce = async () => {
    await db.withClient(async (client) => {
      cache = await loadSchemaCache(client, schemas, settings.extraSearchPath)
    })
    // Connections may hold plans and type OIDs of the schema just replaced: new requests get fresh ones.
    db.flush()
  }
  // Reloads never overlap: one requested during a load runs right after it.
  const reloadSchema = async (): Promise<void> => {
    if (loading) {
      again = true
      return loading
    }
    loading = (async () => {
      try {
        do {
          again = false
          await loadOnce()
        } while (again)
      } finally {
        loading = undefined
      }
    })()
    return loading
  }
  const listener = new ReloadListener({
    url,
    schemas,
    pollMs: options.schemaPollMs ?? 1000,
    onReload: reloadSchema,
    onError: (error: unknown) => log(`schema reload failed: ${(error as Error).message}`),
    ...(options.applicationName === undefined ? {} : { applicationName: `${options.applicationName}-listener` }),
  })
  // Made once: a request's path goes through no closure or object of its own here.
  const deps: HandlerDeps = {
    db,
    auth,
    settings,
    cache: () => cache,
    onInternalError: (error) => log(`internal error: ${(error as Error)?.stack ?? String(error)}`),
  }
  let poolEnded = false
  const stop = async () => {
    await listener.stop()
    if (!options.database && !poolEnded) {
      poolEnded = true
      await db.end()
    }
  }

  return {
    name: 'rest',
    get schemaCache() {
      return cache
    },
    reloadSchema,
    handle: (req, res, path) => handleRest(deps, req, res, path),
    // The listener first: DDL that lands while the first cache loads then shows in its first poll. A failed start
    // leaves nothing behind (no pool, no listener, no timers), and stop() may still be called after it.
    async start() {
      try {
        await listener.start()
        await reloadSchema()
      } catch (error) {
        await stop()
        throw error
      }
    },
    stop,
  }
}
