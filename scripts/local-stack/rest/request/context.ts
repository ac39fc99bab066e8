// Everything the actions of one request share: the caller, the schema the request addresses (Accept-Profile /
// Content-Profile), its preferences, and the per-request settings the transaction starts with.
import type { IncomingHttpHeaders } from 'node:http'
import type { Caller } from '../auth/caller.ts'
import { apiErrors } from '../errors.ts'
import { appliedPreferences, type Preferences } from '../request/preferences.ts'
import { fromHeaderText, headerText } from '../render/response.ts'
import { quoteIdent } from '../sql/builder.ts'
import type { SchemaCache } from '../schema-cache/types.ts'

export interface ServiceSettings {
  schemas: string[]
  extraSearchPath: string[]
  maxRows: number | undefined
  /** PostgREST's db-aggregates-enabled; undefined reads `pgrst.db_aggregates_enabled` of the authenticator. */
  aggregates?: boolean
}

export interface RequestContext {
  method: string
  /** Path after the mount point, without the query string ("/courses"). */
  path: string
  query: string
  headers: IncomingHttpHeaders
  caller: Caller
  cache: SchemaCache
  settings: ServiceSettings
  schema: string
  negotiatedByProfile: boolean
  prefs: Preferences
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

export function headerValue(ctx: RequestContext, name: string): string | undefined {
  return header(ctx.headers, name)
}

/** The schema named by Accept-Profile (GET/HEAD) or Content-Profile (others); PGRST106 if not exposed. */
export function requestSchema(
  method: string,
  headers: IncomingHttpHeaders,
  schemas: string[],
): { schema: string; negotiated: boolean } {
  const raw = header(headers, method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile')
  // Node reads header bytes as Latin-1; a schema name outside ASCII arrives as its UTF-8 bytes.
  const profile = raw === undefined ? undefined : fromHeaderText(raw)
  if (profile === undefined) return { schema: schemas[0] ?? 'public', negotiated: schemas.length !== 1 }
  if (!schemas.includes(profile)) throw apiErrors.unacceptableSchema(profile, schemas)
  return { schema: profile, negotiated: true }
}

/** Whether `count()`, `sum()` and friends may be used (off on Supabase unless configured, PGRST123). */
export function aggregatesEnabled(ctx: RequestContext): boolean {
  return ctx.settings.aggregates ?? ctx.cache.config.get('db_aggregates_enabled') === 'true'
}

/** handling=strict turns unknown or unusable preferences into PGRST122. */
export function checkPreferences(ctx: RequestContext): void {
  const invalid = [...ctx.prefs.invalid]
  if (ctx.prefs.timezone !== undefined && !ctx.cache.timezones.has(ctx.prefs.timezone))
    invalid.push(`timezone=${ctx.prefs.timezone}`)
  if (ctx.prefs.handling === 'strict' && invalid.length > 0) throw apiErrors.invalidPreferences(invalid)
}

function cookies(headers: IncomingHttpHeaders): string {
  // No prototype: a cookie named `__proto__` is an ordinary key.
  const out = Object.create(null) as Record<string, string>
  for (const part of (header(headers, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim()
  }
  return JSON.stringify(out)
}

/** set_config pairs for the transaction: role first, then what SQL can read of the request. */
export function transactionSettings(ctx: RequestContext): [string, string][] {
  const headers = Object.create(null) as Record<string, string>
  for (const [k, v] of Object.entries(ctx.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v
  const searchPath = [ctx.schema, ...ctx.settings.extraSearchPath.filter((s) => s !== ctx.schema)]
  const settings: [string, string][] = [
    ['search_path', searchPath.map(quoteIdent).join(', ')],
    ['role', ctx.caller.role],
    ['request.jwt.claims', ctx.caller.claimsJson],
    ['request.method', ctx.method],
    ['request.path', ctx.path],
    ['request.headers', JSON.stringify(headers)],
    ['request.cookies', cookies(ctx.headers)],
    ...(ctx.cache.roleSettings.get(ctx.caller.role) ?? []),
  ]
  if (ctx.prefs.timezone !== undefined && ctx.cache.timezones.has(ctx.prefs.timezone)) {
    settings.push(['timezone', ctx.prefs.timezone])
  }
  return settings
}

/** Preference-Applied for the preferences an action honoured. */
export function preferenceApplied(ctx: RequestContext, honoured: Partial<Preferences>): Record<string, string> {
  const tz =
    ctx.prefs.timezone !== undefined && ctx.cache.timezones.has(ctx.prefs.timezone) ? ctx.prefs.timezone : undefined
  const value = appliedPreferences({
    ...honoured,
    ...(ctx.prefs.tx ? { tx: ctx.prefs.tx } : {}),
    ...(ctx.prefs.handling ? { handling: ctx.prefs.handling } : {}),
    ...(tz ? { timezone: tz } : {}),
  })
  return value === undefined ? {} : { 'Preference-Applied': value }
}

export function profileHeader(ctx: RequestContext): Record<string, string> {
  return ctx.negotiatedByProfile ? { 'Content-Profile': headerText(ctx.schema) } : {}
}
