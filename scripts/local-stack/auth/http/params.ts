// Request bodies the way GoTrue decodes them: whatever the Content-Type, the body must be a JSON object; a field of
// the wrong JSON type is a 400 bad_json naming the Go struct field, unknown fields are ignored, null means absent.
import { badRequest } from '../errors.ts'

type JsonObject = Record<string, unknown>

function goType(value: unknown): string {
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'boolean') return 'bool'
  return typeof value
}

function badJson(detail: string) {
  return badRequest('bad_json', `Could not parse request body as JSON: ${detail}`)
}

export class Params {
  private constructor(
    private readonly data: JsonObject,
    private readonly struct: string,
  ) {}

  /** `struct` names the Go type GoTrue decodes into, for its error messages ("SignupParams"). */
  static parse(body: Buffer, struct: string): Params {
    const text = body.toString('utf8')
    if (text.trim() === '') throw badJson('unexpected end of JSON input')
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      const first = text.trimStart()[0] ?? ''
      throw badJson(
        '{["tfn-0123456789'.includes(first)
          ? 'unexpected end of JSON input'
          : `invalid character '${first}' looking for beginning of value`,
      )
    }
    if (value === null) return new Params({}, struct)
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw badJson(`json: cannot unmarshal ${goType(value)} into Go value of type api.${struct}`)
    }
    return new Params(value as JsonObject, struct)
  }

  static empty(struct: string): Params {
    return new Params({}, struct)
  }

  private typed<T>(key: string, type: string, check: (v: unknown) => v is T): T | undefined {
    const found = this.data[key]
    if (found === undefined || found === null) return undefined
    if (!check(found)) {
      throw badJson(
        `json: cannot unmarshal ${goType(found)} into Go struct field ${this.struct}.${key} of type ${type}`,
      )
    }
    return found
  }

  has(key: string): boolean {
    return this.data[key] !== undefined && this.data[key] !== null
  }

  /** A string field; '' when absent, like Go's zero value. */
  string(key: string): string {
    return this.optionalString(key) ?? ''
  }

  optionalString(key: string): string | undefined {
    return this.typed(key, 'string', (v): v is string => typeof v === 'string')
  }

  boolean(key: string, fallback: boolean): boolean {
    return this.typed(key, 'bool', (v): v is boolean => typeof v === 'boolean') ?? fallback
  }

  /** A `map[string]interface{}` field (metadata). */
  object(key: string): JsonObject | undefined {
    return this.typed(
      key,
      'map[string]interface {}',
      (v): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v),
    )
  }

  /** Any JSON value (a WebAuthn credential that is parsed later). */
  raw(key: string): unknown {
    return this.data[key] ?? undefined
  }
}
