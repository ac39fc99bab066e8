// The per-request settings the transaction starts with (PostgREST's setPgLocals): search_path, role, JWT claims,
// method, path, headers and cookies as SQL reads them, the role's own settings, and the preferred timezone.
import type { RequestContext } from '../request/context.ts'
import { quoteIdent } from './builder.ts'

const header = (headers: RequestContext['headers'], name: string) => {
  const v = headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

function cookies(headers: RequestContext['headers']): string {
  // No prototype: a cookie named `__proto__` is an ordinary key.
  const out = Object.create(null) as Record<string, string>
  for (const part of (header(headers, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return JSON.stringify(out)
}

/**
 * set_config pairs for the transaction in PostgREST v14's order (Query/PreQuery.hs txVarQuery): search_path (the
 * request's schema then the extra search path, each quoted and none dropped, so `public` can appear twice), the
 * role's own settings before the role itself (so a setting only the authenticator may SET still applies), the role,
 * then what SQL can read of the request, the preferred timezone, and for RPC the function's hoisted settings.
 */
export function transactionSettings(
  ctx: RequestContext,
  functionSettings: [string, string][] = [],
): [string, string][] {
  const headers = Object.create(null) as Record<string, string>
  for (const [k, v] of Object.entries(ctx.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v
  const extra = ctx.cache.extraSearchPath ?? ctx.settings.extraSearchPath
  const searchPath = [ctx.schema, ...extra]
  const settings: [string, string][] = [
    ['search_path', searchPath.map(quoteIdent).join(', ')],
    ...(ctx.cache.roleSettings.get(ctx.caller.role) ?? []),
    ['role', ctx.caller.role],
    ['request.jwt.claims', ctx.caller.claimsJson],
    ['request.method', ctx.method],
    ['request.path', ctx.path],
    ['request.headers', JSON.stringify(headers)],
    ['request.cookies', cookies(ctx.headers)],
  ]
  if (ctx.prefs.timezone !== undefined && ctx.cache.timezones.has(ctx.prefs.timezone)) {
    settings.push(['timezone', ctx.prefs.timezone])
  }
  // An RPC's hoisted function settings come last (funcSettingsSql).
  settings.push(...functionSettings)
  return settings
}
