// What the parse step makes of a request and every later step reads: the caller, the schema the request addresses
// (Accept-Profile / Content-Profile), its preferences, and the service settings that shape it.
import type { IncomingHttpHeaders } from 'node:http'
import type { Caller } from '../auth/caller.ts'
import { apiErrors } from '../errors.ts'
import { fromHeaderText } from '../render/response.ts'
import type { SchemaCache } from '../schema-cache/types.ts'
import type { Preferences } from './preferences.ts'

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

/**
 * A boolean `pgrst.*` setting as PostgREST reads one: its letters alone, in any case, spelling true or false
 * (`TRUE`, `"true"`), else a whole number, true when above zero; anything else leaves the default.
 */
export function settingFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  const letters = [...value].filter((c) => /\p{L}/u.test(c)).join('')
  if (letters.length > 0) {
    const word = letters.toLowerCase()
    if (word === 'true') return true
    if (word === 'false') return false
  }
  const number = value.trim()
  return /^-?[0-9]+$/.test(number) ? BigInt(number) > 0n : undefined
}

/** Whether `count()`, `sum()` and friends may be used (off on Supabase unless configured, PGRST123). */
export function aggregatesEnabled(ctx: RequestContext): boolean {
  return ctx.settings.aggregates ?? settingFlag(ctx.cache.config.get('db_aggregates_enabled')) ?? false
}

/** db-plan-enabled (`pgrst.db_plan_enabled`): whether `Accept: application/vnd.pgrst.plan` answers EXPLAIN output. */
export function planEnabled(ctx: Pick<RequestContext, 'cache'>): boolean {
  return settingFlag(ctx.cache.config.get('db_plan_enabled')) ?? false
}

/**
 * max-rows: `pgrst.db_max_rows` on the authenticator role overrides config.toml's max_rows, as PostgREST's in-database
 * configuration overrides its file and environment (a value that is no whole number is ignored).
 */
export function maxRows(ctx: Pick<RequestContext, 'cache' | 'settings'>): number | undefined {
  const fromRole = ctx.cache.config.get('db_max_rows')
  if (fromRole !== undefined && /^[0-9]+$/.test(fromRole.trim())) return Number(fromRole.trim())
  return ctx.settings.maxRows
}

/**
 * db-tx-end (`pgrst.db_tx_end`): whether transactions end in a rollback, and whether `Prefer: tx=` may say otherwise.
 * Without the setting (or with a value PostgREST would refuse) the service lets the Prefer header decide, as
 * `commit-allow-override` does.
 */
export function txEnd(cache: SchemaCache): { rollbackAll: boolean; allowOverride: boolean } {
  switch (cache.config.get('db_tx_end')) {
    case 'commit':
      return { rollbackAll: false, allowOverride: false }
    case 'rollback':
      return { rollbackAll: true, allowOverride: false }
    case 'rollback-allow-override':
      return { rollbackAll: true, allowOverride: true }
    default:
      return { rollbackAll: false, allowOverride: true }
  }
}

/** PostgREST's optionalRollback: `Prefer: tx=rollback` (when allowed), or db-tx-end rollback unless `tx=commit`. */
export function shouldRollback(ctx: Pick<RequestContext, 'cache' | 'prefs'>): boolean {
  return ctx.prefs.tx === 'rollback' || (txEnd(ctx.cache).rollbackAll && ctx.prefs.tx !== 'commit')
}

/** handling=strict turns unknown or unusable preferences into PGRST122. */
export function checkPreferences(ctx: RequestContext): void {
  if (ctx.prefs.handling !== 'strict') return
  const invalid = [...ctx.prefs.invalid]
  if (ctx.prefs.timezone !== undefined && !ctx.cache.timezones.has(ctx.prefs.timezone))
    invalid.push(`timezone=${ctx.prefs.timezone}`)
  if (invalid.length > 0) throw apiErrors.invalidPreferences(invalid)
}
