// Reads a request body (with the stack's bounded reader) and turns it into what a mutation or RPC needs: the JSON
// text to bind as one parameter and the keys it carries (checked like PostgREST's payloadAttributes), from JSON, CSV
// or a urlencoded form.
import type { IncomingMessage } from 'node:http'
import { BodyTooLargeError, readBody as readBoundedBody } from '../../http/body.ts'
import { apiErrors } from '../errors.ts'
import type { BodyType } from './media.ts'
import { parseCsv } from './csv.ts'
import { splitQuery } from './query-params.ts'

export type Payload =
  /** `json` is JSON text; `keys` are the object keys (the same in every element of an array). */
  | { kind: 'json'; json: string; keys: string[]; isArray: boolean }
  /** The raw body for a function with a single unnamed text, xml or bytea parameter. */
  | { kind: 'raw'; raw: Buffer }

/**
 * PostgREST has no cap of its own, but Supabase's gateway has one; without one here a single request could make
 * the process buffer, parse and bind hundreds of megabytes.
 */
export const maxBodyBytes = 32 * 1024 * 1024

/** The body, or 413 with PGRST102's shape past the cap (announced by Content-Length or met while reading). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  try {
    return await readBoundedBody(req, { limit: maxBodyBytes })
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw apiErrors.bodyTooLarge(maxBodyBytes)
    throw error
  }
}

/**
 * PostgREST's payloadAttributes: an object's keys, or those of an array's objects (all the same); an array holding
 * anything else is refused, and any other JSON value (a string, a number, null) is taken as an empty array.
 */
function keysOf(value: unknown): { keys: string[]; isArray: boolean; json?: string } | undefined {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { keys: Object.keys(value), isArray: false }
  }
  if (!Array.isArray(value)) return { keys: [], isArray: true, json: '[]' }
  if (value.length === 0) return { keys: [], isArray: true }
  let keys: string[] | undefined
  for (const element of value) {
    if (element === null || typeof element !== 'object' || Array.isArray(element)) return undefined
    const k = Object.keys(element).sort()
    if (keys === undefined) keys = k
    else if (k.length !== keys.length || k.some((x, i) => x !== keys![i])) return undefined
  }
  return { keys: Object.keys(value[0] as object), isArray: true }
}

/**
 * `columns` (the ?columns= parameter) replaces the keys check; `isRpc` lets an empty body mean `{}` and a raw body
 * reach single-parameter functions.
 */
export function parsePayload(
  body: Buffer,
  type: BodyType,
  mime: string,
  columns: string[] | undefined,
  isRpc: boolean,
): Payload {
  switch (type) {
    case 'json': {
      // The text is bound as the client sent it: parsing only checks it and reads its keys. Re-serialising would
      // cost another copy of the body, round big numbers and overflow the stack on deep nesting.
      const text = body.toString('utf8')
      if (text === '' && isRpc) return { kind: 'json', json: '{}', keys: columns ?? [], isArray: false }
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw apiErrors.invalidBody('Empty or invalid json')
      }
      if (columns) return { kind: 'json', json: text, keys: columns, isArray: Array.isArray(value) }
      const attrs = keysOf(value)
      if (!attrs) throw apiErrors.invalidBody('All object keys must match')
      return { kind: 'json', json: attrs.json ?? text, keys: attrs.keys, isArray: attrs.isArray }
    }
    case 'csv': {
      const rows = parseCsv(body.toString('utf8'))
      if (!rows) throw apiErrors.invalidBody('All lines must have same number of fields')
      const keys = columns ?? (rows[0] ? Object.keys(rows[0]) : [])
      return { kind: 'json', json: JSON.stringify(rows), keys, isArray: true }
    }
    case 'urlencoded': {
      // No prototype: a field named `__proto__` is an ordinary key.
      const object = Object.create(null) as Record<string, string>
      for (const [k, v] of splitQuery(body.toString('utf8'))) object[k] = v ?? ''
      return { kind: 'json', json: JSON.stringify(object), keys: columns ?? Object.keys(object), isArray: false }
    }
    case 'text':
    case 'xml':
    case 'octet-stream':
      if (isRpc) return { kind: 'raw', raw: body }
      throw apiErrors.invalidBody(`Content-Type not acceptable: ${mime}`)
    case 'other':
      throw apiErrors.invalidBody(`Content-Type not acceptable: ${mime}`)
  }
}
