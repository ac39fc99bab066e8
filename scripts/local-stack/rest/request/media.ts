// Content negotiation: which representation the Accept header asks for (JSON array, single object, CSV, stripped
// nulls, OpenAPI), and what a request body's Content-Type is. Unknown Accept types answer PGRST107.
import { apiErrors } from '../errors.ts'

export type Output =
  | { kind: 'json'; stripNulls: boolean }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'csv' }
  | { kind: 'openapi' }

export type BodyType = 'json' | 'csv' | 'urlencoded' | 'text' | 'xml' | 'octet-stream' | 'other'

interface MediaRange {
  type: string
  params: Map<string, string>
  q: number
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
      return { type: type.toLowerCase(), params, q: Number.isFinite(q) ? q : 1 }
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

/** The first acceptable representation, by quality then order; no Accept header means JSON. */
export function negotiateOutput(accept: string | undefined, isRoot = false): Output {
  if (accept === undefined || accept.trim() === '')
    return isRoot ? { kind: 'openapi' } : { kind: 'json', stripNulls: false }
  const ranges = parseMediaRanges(accept)
  const sorted = ranges.map((m, i) => ({ m, i })).sort((a, b) => b.m.q - a.m.q || a.i - b.i)
  for (const { m } of sorted) {
    const output = toOutput(m, isRoot)
    if (output) return output
  }
  throw apiErrors.mediaType(
    accept
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
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
