// Every failure a request meets, answered as PostgREST answers it: our own errors as they are, PostgreSQL's mapped
// by SQLSTATE, a database that cannot be reached (PGRST000), a connection lost in use (PGRST001) or a pool with no
// connection to spare (PGRST003); anything else is a bug, reported and answered 500 PGRSTX00.
import type { ServerResponse } from 'node:http'
import { isConnectionError } from '../../db/pools.ts'
import { sendJson } from '../../http/json.ts'
import { ApiError, apiErrors } from '../errors.ts'
import { ConnectError, StalledError } from '../execute/database.ts'
import type { DbError } from '../execute/pipeline.ts'
import { fromDbError } from './db-errors.ts'
import { headerText, retryHint } from './response.ts'

export function toApiError(
  error: unknown,
  authenticated: boolean,
  onInternalError: (error: unknown) => void,
): ApiError {
  if (error instanceof ApiError) return error
  const db = error as DbError
  if (typeof db?.code === 'string' && db.code.length === 5 && typeof db.severity === 'string')
    return fromDbError(db, authenticated)
  const message = (error as Error)?.message ?? ''
  if (error instanceof ConnectError) return apiErrors.connectionError(message)
  if (error instanceof StalledError) return apiErrors.clientError(message)
  if (/timeout exceeded when trying to connect/i.test(message)) return apiErrors.acquisitionTimeout()
  if (isConnectionError(error)) return apiErrors.clientError(message)
  onInternalError(error)
  return apiErrors.internal()
}

/** PostgREST's error response: the JSON body, Proxy-Status naming the code, and Retry-After on a 503. */
export function sendError(res: ServerResponse, error: ApiError): void {
  sendJson(res, error.status, error.body, {
    'Proxy-Status': `PostgREST; error=${headerText(error.body.code)}`,
    ...(error.status === 503 ? retryHint : {}),
    ...error.headers,
  })
}
