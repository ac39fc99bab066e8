// Content negotiation: which representation the Accept header asks for (JSON array, single object, CSV, stripped
// nulls, OpenAPI, or the execution plan of the statement that would produce one), and what a request body's
// Content-Type is. Unknown Accept types answer PGRST107.
import { apiErrors } from '../errors.ts'

export type Output =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' }

export type BodyType = 'json' | 'csv' | 'urlencoded' | 'text' | 'xml' | 'octet-stream' | 'other'

/** EXPLAIN options `application/vnd.pgrst.plan; options=…` may ask for, in the order PostgREST writes them. */
export const planOptions = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
export type PlanOption = (typeof planOptions)[number]

/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=…`: the EXPLAIN of the statement for `output`. */
export interface PlanMedia {
  format: 'json' | 'text'
  /** The representation whose statement is explained. */
  output: Output
  /** That representation's media type as the Content-Type names it (`for="…"`). */
  forMime: string
  options: PlanOption[]
}

export interface Negotiated {
  output: Output
  plan?: PlanMedia
}

interface MediaRange {
  type: string
  params: Map<string, string>
  q: number
  /** The range as sent, for the plan type, which is read the way PostgREST reads it. */
  raw: string
}

function parseMediaRanges(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [type = '', ...rest] = part.split(';').map((s) => s.trim())
      const params = new Map<string, string>()
      for (const p of rest) {
        const eq = p.indexOf('=')
        if (eq > 0)
          params.set(
            p.slice(0, eq).trim().toLowerCase(),
            p
              .slice(eq + 1)
              .trim()
              .replace(/^"|"$/g, ''),
          )
      }
      const q = Number(params.get('q') ?? '1')
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 1, raw: part }
    })
    .filter((m) => m.type !== '' && m.q > 0)
}

function toOutput(m: MediaRange, isRoot: boolean): Output | undefined {
  const stripNulls = m.params.get('nulls') === 'stripped'
  switch (m.type) {
    case '*/*':
    case 'application/*':
      return isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false }
    case 'application/json':
      return isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false }
    case 'application/openapi+json':
      return isRoot ? { kind: 'openapi' } : undefined
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return isRoot ? undefined : { kind: 'json', stripNulls }
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return isRoot ? undefined : { kind: 'object', stripNulls }
    case 'text/csv':
    case 'text/*':
      return isRoot ? undefined : { kind: 'csv' }
    default:
      return undefined
  }
}

const planTypes = new Map<string, PlanMedia['format']>([
  ['application/vnd.pgrst.plan', 'text'],
  ['application/vnd.pgrst.plan+text', 'text'],
  ['application/vnd.pgrst.plan+json', 'json'],
])

/**
 * A media range as PostgREST's parser leaves it: every space removed and everything from `;q=` on dropped, then
 * split at `;` into the type and its parameters (`for="…"` and `options=…` are matched by prefix).
 */
function compactRange(raw: string): string[] {
  const compact = raw.replaceAll(' ', '')
  const q = compact.indexOf(';q=')
  return (q < 0 ? compact : compact.slice(0, q)).split(';')
}

const param = (parts: string[], name: string) => parts.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1)
const unquote = (s: string) => s.replace(/^"+/, '').replace(/"+$/, '')

/** What `for="…"` names: the representations a table, view or function result has builtin handlers for. */
function planTarget(mime: string): { output: Output; forMime: string } | undefined {
  switch (mime.split(';')[0]) {
    case '':
    case '*/*':
      return { output: { kind: 'json', stripNulls: false }, forMime: '*/*' }
    case 'application/json':
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { output: { kind: 'json', stripNulls: false }, forMime: 'application/json' }
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { output: { kind: 'object', stripNulls: false }, forMime: 'application/vnd.pgrst.object+json' }
    case 'text/csv':
      return { output: { kind: 'csv' }, forMime: 'text/csv' }
    default:
      return undefined
  }
}

/** The plan media type a range names (enabled or not), and whether its `for` is something the resource produces. */
function planMedia(raw: string): { plan?: PlanMedia; isPlan: boolean } {
  const [type = '', ...params] = compactRange(raw)
  const format = planTypes.get(type)
  if (format === undefined) return { isPlan: false }
  const forValue = param(params, 'for')
  const target = planTarget(forValue === undefined ? 'application/json' : unquote(forValue))
  if (!target) return { isPlan: true }
  const asked = (param(params, 'options') ?? '').split('|')
  const options = planOptions.filter((o) => asked.includes(o))
  return { isPlan: true, plan: { format, output: target.output, forMime: target.forMime, options } }
}

/** The media type PostgREST names a range by in PGRST107's message (its decodeMediaType, then toMime). */
function mimeName(parts: string[]): string {
  const [type = '', ...params] = parts
  if (parts.length === 1 && type === '') return '*/*'
  const nullsStripped = params.length === 1 && params[0] === 'nulls=stripped'
  switch (type) {
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return `application/vnd.pgrst.object+json${nullsStripped ? ';nulls=stripped' : ''}`
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return nullsStripped ? 'application/vnd.pgrst.array+json;nulls=stripped' : 'application/json'
  }
  const format = planTypes.get(type)
  if (format === undefined) return type
  const forValue = param(params, 'for')
  const forMime = forValue === undefined ? 'application/json' : mimeName(unquote(forValue).split(';'))
  const asked = (param(params, 'options') ?? '').split('|')
  return planContentType(
    format,
    forMime,
    planOptions.filter((o) => asked.includes(o)),
  )
}

function planContentType(format: PlanMedia['format'], forMime: string, options: readonly PlanOption[]): string {
  return `application/vnd.pgrst.plan+${format}; for="${forMime}"${options.length > 0 ? `; options=${options.join('|')}` : ''}`
}

/**
 * The first acceptable representation, by quality then order; no Accept header means JSON. The plan media type is
 * acceptable only when `planEnabled` (PostgREST's db-plan-enabled), and never for the root (OpenAPI).
 */
export function negotiateMedia(accept: string | undefined, isRoot = false, planEnabled = false): Negotiated {
  if (accept === undefined || accept.trim() === '')
    return { output: isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false } }
  const ranges = parseMediaRanges(accept)
  const sorted = ranges.map((m, i) => ({ m, i })).sort((a, b) => b.m.q - a.m.q || a.i - b.i)
  for (const { m } of sorted) {
    const { plan, isPlan } = planMedia(m.raw)
    if (isPlan) {
      if (plan && planEnabled && !isRoot) return { output: plan.output, plan }
      continue
    }
    const output = toOutput(m, isRoot)
    if (output) return { output }
  }
  throw apiErrors.mediaType(
    accept
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => (planMedia(s).isPlan ? mimeName(compactRange(s)) : s)),
  )
}

/** The representation the Accept header asks for, the plan media type not being one. */
export function negotiateOutput(accept: string | undefined, isRoot = false): Output {
  return negotiateMedia(accept, isRoot).output
}

/** `application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8` */
export function planContentTypeOf(plan: PlanMedia): string {
  return `${planContentType(plan.format, plan.forMime, plan.options)}; charset=utf-8`
}

export function contentTypeOf(output: Output): string {
  switch (output.kind) {
    case 'json':
      return output.stripNulls
        ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8'
        : 'application/json; charset=utf-8'
    case 'object':
      return output.stripNulls
        ? 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8'
        : 'application/vnd.pgrst.object+json; charset=utf-8'
    case 'csv':
      return 'text/csv; charset=utf-8'
    case 'openapi':
      return 'application/openapi+json; charset=utf-8'
  }
}

// A Map, so that a Content-Type such as `constructor` or `__proto__` finds nothing.
const bodyTypes = new Map<string, BodyType>([
  ['application/json', 'json'],
  ['text/csv', 'csv'],
  ['application/x-www-form-urlencoded', 'urlencoded'],
  ['text/plain', 'text'],
  ['text/xml', 'xml'],
  ['application/octet-stream', 'octet-stream'],
])

/** A missing Content-Type means JSON, as in PostgREST. */
export function bodyTypeOf(contentType: string | undefined): { type: BodyType; mime: string } {
  const mime = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase()
  if (mime === '') return { type: 'json', mime: 'application/json' }
  return { type: bodyTypes.get(mime) ?? 'other', mime }
}
