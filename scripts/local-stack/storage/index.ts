// The Storage service of the local stack: Storage API v1.60 as storage-js 2.119 speaks it, mounted by the gateway at
// /storage/v1. Bytes live under `dataDir` (disk.ts), metadata in storage.objects, and every operation runs under RLS
// as the caller's role (db.ts). start() creates or updates the buckets config.toml declares; stop() ends the pools.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { StackConfig } from '../config/index.ts'
import { isMethodNotAllowed } from '../http/router.ts'
import type { Service } from '../http/service.ts'
import type { JwtKeys } from '../keys/jwt.ts'
import { anonCaller, authenticate } from './caller.ts'
import type { StorageSettings } from '../config/storage.ts'
import type { StorageContext, StorageRequest } from './context.ts'
import { StorageDb } from './db.ts'
import { DiskStore } from './disk.ts'
import { errors, StorageError } from './errors.ts'
import { sendJson } from '../http/json.ts'
import { discardBody, sendError } from './http.ts'
import { createResumableUploads, type ResumableOptions } from './resumable/index.ts'
import { router, type StorageRouteOptions } from './routes.ts'
import { handleS3, isS3Path } from './s3/index.ts'
import { syncConfigBuckets } from './sync-buckets.ts'

export { seedBucketObjects } from './seed-objects.ts'
export { reseedConfigBuckets } from './sync-buckets.ts'

export { s3AccessKeyId, s3Region, s3SecretAccessKey } from './s3/credentials.ts'

export interface StorageServiceOptions {
  config: StackConfig
  /** Superuser URL of the database; the service logs in as authenticator and supabase_storage_admin. */
  dbUrl: string
  keys: JwtKeys
  apiUrl: string
  /** Where object bytes live: `.local-stack/<profile>/storage` in the stack. */
  dataDir: string
  /** Unexpected errors (answered 500); quiet otherwise. */
  log?: (message: string) => void
  /** [storage] settings in place of config.toml's (tests bring their own buckets and limits). */
  settings?: StorageSettings
  /** The byte store over `dataDir` (tests pass one whose writes fail like a full or read-only disk). */
  disk?: (dataDir: string) => DiskStore
  /** How often tmp/ is swept, and how long a file nothing writes to may sit there first. */
  tmpSweep?: { intervalMs: number; staleMs: number }
  /** Expiry of unfinished resumable uploads and how often they are swept (tests shorten both). */
  resumable?: ResumableOptions
}

// An upload still receiving is never swept; these only bound leftovers whose own clean-up failed.
const defaultSweep = { intervalMs: 5 * 60_000, staleMs: 15 * 60_000 }

export type StorageService = Service & {
  /** Creates or updates the config.toml buckets again (after a database reset, as `supabase db reset` does). */
  syncBuckets(): Promise<void>
}

export function createStorageService(options: StorageServiceOptions): StorageService {
  const settings = options.settings ?? options.config.storage
  const log = options.log ?? ((message: string) => process.stderr.write(`storage: ${message}\n`))
  const db = new StorageDb(options.dbUrl, { log })
  const ctx: StorageContext = {
    db,
    disk: options.disk?.(options.dataDir) ?? new DiskStore(options.dataDir),
    keys: options.keys,
    settings,
    log,
  }
  ctx.resumable = createResumableUploads(ctx, options.dataDir, options.resumable)
  const sweep = options.tmpSweep ?? defaultSweep
  let sweeper: NodeJS.Timeout | undefined
  return {
    name: 'storage',
    handle: (req, res, path) => handle(ctx, req, res, path),
    syncBuckets: () => syncConfigBuckets(db, settings),
    async start() {
      await ctx.disk.init()
      sweeper = setInterval(() => {
        ctx.disk.sweep(sweep.staleMs).then(
          (removed) => removed > 0 && ctx.log(`removed ${removed} stale temporary file(s)`),
          (error: Error) => ctx.log(`sweeping tmp/: ${error.message}`),
        )
      }, sweep.intervalMs)
      sweeper.unref()
      ctx.resumable?.start()
      await syncConfigBuckets(db, settings)
    },
    async stop() {
      clearInterval(sweeper)
      ctx.resumable?.stop()
      await db.end()
    },
  }
}

/** find-my-way (Fastify's router) refuses a path it cannot percent-decode before any route runs. */
function mustDecode(path: string): void {
  try {
    decodeURIComponent(path)
  } catch {
    throw new StorageError('InvalidRequest', 400, `'${path}' is not a valid url component`, 'Bad Request')
  }
}

async function handle(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
  const method = req.method ?? 'GET'
  const queryAt = target.indexOf('?')
  const path = queryAt === -1 ? target : target.slice(0, queryAt)
  if (isS3Path(path) && ctx.settings.s3Protocol !== false) {
    return handleS3(ctx, req, res, path, new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)))
  }
  const matched = router.match(method, path)
  if (!matched || isMethodNotAllowed(matched)) {
    discardBody(req)
    // Fastify's own not-found answer (numeric statusCode, HTTP 404), for a wrong method too.
    return sendJson(res, 404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 })
  }
  try {
    mustDecode(path)
    const options = matched.options as StorageRouteOptions
    const request: StorageRequest = {
      req,
      res,
      method,
      path,
      query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
      params: { bucket: matched.params.bucket, key: matched.params['*'] },
      caller: options.auth === 'none' ? anonCaller : await authenticate(ctx.keys, req, options.auth === 'optional'),
      operation: options.operation,
    }
    await matched.handler(ctx, request)
  } catch (error) {
    discardBody(req)
    if (error instanceof StorageError) {
      if (error.status === 500) ctx.log(`${method} ${path}: ${error.code}: ${error.message}`)
      return sendError(res, error)
    }
    ctx.log(`${method} ${path}: ${(error as Error)?.stack ?? String(error)}`)
    sendError(res, errors.internal())
  }
}
