// What every Storage handler receives: the service's parts (database, disk, keys, settings) and the request with its
// route parameters, its caller and the storage operation name that policies can read through storage.operation().
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { JwtKeys } from '../keys/jwt.ts'
import type { Caller } from './caller.ts'
import type { StorageSettings } from '../config/storage.ts'
import type { Scope, StorageDb } from './db.ts'
import type { DiskStore } from './disk.ts'

export interface StorageContext {
  db: StorageDb
  disk: DiskStore
  keys: JwtKeys
  settings: StorageSettings
  /** The TUS server behind /upload/resumable (set once the context exists: it needs it). */
  resumable?: ResumableUploads
  log(message: string): void
}

export interface StorageRequest {
  req: IncomingMessage
  res: ServerResponse
  method: string
  /** The path after /storage/v1, without the query string. */
  path: string
  query: URLSearchParams
  /** Route parameters: the bucket and the object key (the route's `*`), percent-decoded. */
  params: { bucket?: string; key?: string }
  caller: Caller
  /** storage-api's route operation, e.g. "storage.object.upload". */
  operation: string
}

export type Handler = (ctx: StorageContext, request: StorageRequest) => Promise<void>

/** The transaction scope of a request, as the caller or (storage-api's asSuperUser) as another role. */
export function scopeOf(request: StorageRequest, caller: Caller = request.caller): Scope {
  return {
    caller,
    operation: request.operation,
    method: request.method,
    path: request.path,
    headers: request.req.headers,
  }
}

/** The resumable (TUS) uploads of the service: resumable/index.ts. */
export interface ResumableUploads {
  handle: Handler
  start(): void
  stop(): void
  /** Removes expired uploads now; answers how many went. */
  sweep(): Promise<number>
}
