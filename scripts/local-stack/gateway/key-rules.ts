// The API-key rules of the CLI's Kong gateway (start.go's BearerToken and QueryToken expressions): a real JWT in
// Authorization passes through, `Bearer sb_…` is dropped, the sb_ keys become the legacy anon/service_role JWTs,
// and otherwise the apikey header is copied as it is. The gateway itself never rejects a key.
import type { IncomingMessage } from 'node:http'
import { anonKey, publishableKey, secretKey, serviceRoleKey } from '../keys/index.ts'

/** The JWT an `sb_` key stands for, or undefined for any other value. */
function legacyJwtFor(apikey: string | undefined): string | undefined {
  if (apikey === secretKey) return serviceRoleKey
  if (apikey === publishableKey) return anonKey
  return undefined
}

/**
 * The Authorization header the service receives, from the request's Authorization and apikey headers; undefined
 * means none. Mirrors the Lua expression exactly, including its case-sensitive 'Bearer sb_' test and copying a
 * non-sb_ apikey without adding "Bearer ".
 */
export function gatewayAuthorization(
  authorization: string | undefined,
  apikey: string | undefined,
): string | undefined {
  if (authorization !== undefined && !authorization.startsWith('Bearer sb_')) return authorization
  const jwt = legacyJwtFor(apikey)
  return jwt ? `Bearer ${jwt}` : apikey
}

/** Applies the Authorization rule to a request in place: `req.headers` and `req.rawHeaders` both. */
export function rewriteAuthorization(req: IncomingMessage): void {
  const apikey = req.headers.apikey
  const value = gatewayAuthorization(req.headers.authorization, Array.isArray(apikey) ? apikey[0] : apikey)
  if (value === req.headers.authorization) return
  if (value === undefined) delete req.headers.authorization
  else req.headers.authorization = value
  const raw: string[] = []
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() !== 'authorization') raw.push(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
  }
  if (value !== undefined) raw.push('Authorization', value)
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw)
}

/**
 * The realtime socket's rule: an `sb_` key in the `apikey` query parameter becomes its legacy JWT; any other value
 * (or none) is left as it is. `path` is a path with its query string.
 */
export function rewriteRealtimeApiKey(path: string): string {
  const q = path.indexOf('?')
  if (q === -1 || !path.includes('apikey=', q)) return path
  const params = new URLSearchParams(path.slice(q + 1))
  const jwt = legacyJwtFor(params.get('apikey') ?? undefined)
  if (!jwt) return path
  params.set('apikey', jwt)
  return `${path.slice(0, q)}?${params.toString()}`
}
