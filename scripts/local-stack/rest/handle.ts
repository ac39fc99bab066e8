// The REST request handler: authenticate, pick the schema, route `/table`, `/rpc/fn` or `/`, run the action, and
// turn any failure into PostgREST's error response. A failure nothing else maps (a bug, including one met while
// writing the response) is answered 500 PGRSTX00 and reported; none escapes as a rejected promise.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Authenticator } from '../auth/caller.ts'
import { ApiError, apiErrors } from '../errors.ts'
import { isConnectionError } from '../../db/pools.ts'
import { ConnectError, StalledError, type RestPool } from '../execute/database.ts'
import type { DbError } from '../execute/pipeline.ts'
import { readBody } from '../request/body.ts'
import { parsePreferences } from '../request/preferences.ts'
import { negotiateOutput } from '../request/media.ts'
import { fromDbError } from '../render/db-errors.ts'
import { errorResponse, internalError, send, type RestResponse } from '../render/response.ts'
import { closest } from '../schema-cache/fuzzy.ts'
import { key, type SchemaCache } from '../schema-cache/types.ts'
import { requestSchema, type RequestContext, type ServiceSettings } from './context.ts'
import { mutateTable } from './mutate.ts'
import { readTable } from './read.ts'
import { openApi, options, tableAllow } from './root.ts'
import { callRoutine } from './rpc.ts'

export interface HandlerDeps {
  db: RestPool
  auth: Authenticator
  settings: ServiceSettings
  cache: () => SchemaCache | undefined
  onInternalError: (error: unknown) => void
}

export async function handleRest(
  deps: HandlerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase()
  const head = method === 'HEAD'
  let authenticated = false
  try {
    const caller = deps.auth.authenticate(req.headers.authorization)
    authenticated = !caller.isAnon
    const cache = deps.cache()
    if (!cache) throw apiErrors.noSchemaCache()
    const q = path.indexOf('?')
    const ctx: RequestContext = {
      method,
      path: q < 0 ? path : path.slice(0, q),
      query: q < 0 ? '' : path.slice(q + 1),
      headers: req.headers,
      caller,
      cache,
      settings: deps.settings,
      schema: '',
      negotiatedByProfile: false,
      prefs: parsePreferences(req.headers.prefer),
    }
    const { schema, negotiated } = requestSchema(method, req.headers, deps.settings.schemas)
    ctx.schema = schema
    ctx.negotiatedByProfile = negotiated
    const body = ['POST', 'PATCH', 'PUT'].includes(method) ? await readBody(req) : Buffer.alloc(0)
    send(res, await route(deps, ctx, body, req.headers.host), head)
  } catch (error) {
    try {
      send(res, errorResponse(toApiError(error, authenticated, deps)), head)
    } catch (sendError) {
      deps.onInternalError(sendError)
      send(res, errorResponse(internalError()), head)
    }
  }
}

async function route(
  deps: HandlerDeps,
  ctx: RequestContext,
  body: Buffer,
  host: string | undefined,
): Promise<RestResponse> {
  let segments: string[]
  try {
    segments = ctx.path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s))
  } catch {
    throw apiErrors.invalidPath()
  }
  const { method } = ctx
  if (segments.length === 0) {
    if (method === 'OPTIONS') return options('OPTIONS,GET,HEAD')
    if (method !== 'GET' && method !== 'HEAD') throw apiErrors.unsupportedMethod(method)
    negotiateOutput(ctx.headers.accept as string | undefined, true)
    return openApi(ctx, host)
  }
  if (segments[0] === 'rpc' && segments.length === 2) {
    const name = segments[1]!
    if (method === 'OPTIONS') {
      const routines = ctx.cache.routines.get(key(ctx.schema, name))
      if (!routines)
        throw apiErrors.noFunction(
          `Could not find the function ${ctx.schema}.${name} without parameters in the schema cache`,
          `Searched for the function ${ctx.schema}.${name} without parameters, but no matches were found in the schema cache.`,
          null,
        )
      return options(routines.every((r) => r.volatility === 'volatile') ? 'OPTIONS,POST' : 'OPTIONS,GET,HEAD,POST')
    }
    if (!['GET', 'HEAD', 'POST'].includes(method)) throw apiErrors.invalidRpcMethod(method)
    return callRoutine(ctx, deps.db, name, body)
  }
  if (segments.length !== 1) throw apiErrors.invalidPath()
  const name = segments[0]!
  const table = ctx.cache.tables.get(key(ctx.schema, name))
  if (!table) {
    const names = [...ctx.cache.tables.values()].filter((t) => t.schema === ctx.schema).map((t) => t.name)
    throw apiErrors.tableNotFound(ctx.schema, name, closest(name, names))
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return readTable(ctx, deps.db, table)
    case 'POST':
      return mutateTable(ctx, deps.db, table, 'insert', body)
    case 'PATCH':
      return mutateTable(ctx, deps.db, table, 'update', body)
    case 'PUT':
      return mutateTable(ctx, deps.db, table, 'put', body)
    case 'DELETE':
      return mutateTable(ctx, deps.db, table, 'delete', body)
    case 'OPTIONS':
      return options(tableAllow(table))
    default:
      throw apiErrors.unsupportedMethod(method)
  }
}

function toApiError(error: unknown, authenticated: boolean, deps: HandlerDeps): ApiError {
  if (error instanceof ApiError) return error
  const db = error as DbError
  if (typeof db?.code === 'string' && db.code.length === 5 && typeof db.severity === 'string')
    return fromDbError(db, authenticated)
  const message = (error as Error)?.message ?? ''
  if (error instanceof ConnectError) return apiErrors.connectionError(message)
  if (error instanceof StalledError) return apiErrors.clientError(message)
  if (/timeout exceeded when trying to connect/i.test(message)) return apiErrors.acquisitionTimeout()
  if (isConnectionError(error)) return apiErrors.clientError(message)
  deps.onInternalError(error)
  return internalError()
}
