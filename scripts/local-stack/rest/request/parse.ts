// The parse step's request-level part (PostgREST's ApiRequest): the context every later step reads (method, path,
// schema from the profile headers, preferences) and the target the path names — the root, a function under
// /rpc/, or a table or view. Query strings and bodies are parsed by the plan of the action that reads them.
import type { IncomingMessage } from 'node:http'
import type { Caller } from '../auth/caller.ts'
import { apiErrors } from '../errors.ts'
import type { SchemaCache } from '../schema-cache/types.ts'
import { requestSchema, txEnd, type RequestContext, type ServiceSettings } from './context.ts'
import { parsePreferences } from './preferences.ts'

export type Target = { kind: 'root' } | { kind: 'rpc'; name: string } | { kind: 'relation'; name: string }

export function parseContext(
  req: IncomingMessage,
  path: string,
  caller: Caller,
  cache: SchemaCache,
  settings: ServiceSettings,
): RequestContext {
  const method = (req.method ?? 'GET').toUpperCase()
  const q = path.indexOf('?')
  const prefs = parsePreferences(req.headers.prefer)
  // Unless db-tx-end allows an override, `Prefer: tx=` is ignored (still a known preference for handling=strict).
  if (!txEnd(cache).allowOverride) delete prefs.tx
  const { schema, negotiated } = requestSchema(method, req.headers, settings.schemas)
  return {
    method,
    path: q < 0 ? path : path.slice(0, q),
    query: q < 0 ? '' : path.slice(q + 1),
    headers: req.headers,
    caller,
    cache,
    settings,
    schema,
    negotiatedByProfile: negotiated,
    prefs,
  }
}

/** `/`, `/rpc/<fn>` or `/<table>`; anything else is PGRST125. */
export function parseTarget(path: string): Target {
  // Most requests name a table with nothing to decode: `/<table>`, read without splitting.
  if (path.length > 1 && path.lastIndexOf('/') === 0 && !path.includes('%'))
    return { kind: 'relation', name: path.slice(1) }
  let segments: string[]
  try {
    segments = path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s))
  } catch {
    throw apiErrors.invalidPath()
  }
  if (segments.length === 0) return { kind: 'root' }
  if (segments[0] === 'rpc' && segments.length === 2) return { kind: 'rpc', name: segments[1]! }
  if (segments.length !== 1) throw apiErrors.invalidPath()
  return { kind: 'relation', name: segments[0]! }
}
