// What a hook answered, read as GoTrue reads it (internal/hooks/hookserrors and encoding/json): an `error` object
// with a message becomes an HTTP error (its http_code, else 500, with no error code), and the rest is decoded into
// the hook's output struct — keys matched case-insensitively, unknown keys ignored, a wrong type a failure.
import { AuthError } from '../errors.ts'

/** An error a hook asked for: GoTrue sends it with no error code (`unknown`, or `unexpected_failure` for a 500). */
export class HookRefusal extends AuthError {
  override readonly coded = false
}

export const outputError = () => new AuthError(500, 'unexpected_failure', 'Error unmarshaling JSON output.')

type Json = Record<string, unknown>

/** encoding/json matches a key to a field exactly first, then case-insensitively. */
function field(object: Json, name: string): unknown {
  if (name in object) return object[name]
  const key = Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase())
  return key === undefined ? undefined : object[key]
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** hookserrors.Check: `{"error": {"http_code": 429, "message": "…"}}` is a refusal when the message is not empty. */
export function checkHookError(response: unknown): void {
  if (!isObject(response)) return
  const error = field(response, 'error')
  if (!isObject(error)) return
  const message = field(error, 'message') ?? ''
  const code = field(error, 'http_code') ?? 0
  // A wrongly typed field makes GoTrue's decoding fail, and then the answer counts as no error at all.
  if (typeof message !== 'string' || typeof code !== 'number' || !Number.isInteger(code)) return
  if (message === '') return
  const status = code === 0 ? 500 : code
  // Statuses Go's net/http cannot write make no sense as an answer; they are taken as a failing hook.
  if (status < 100 || status > 599) throw new HookRefusal(500, 'unexpected_failure', message)
  throw new HookRefusal(status, status === 500 ? 'unexpected_failure' : 'unknown', message)
}

export interface VerificationAttemptOutput {
  decision: string
  message: string
  shouldLogoutUser: boolean
}

/** json.Unmarshal into {decision, message, should_logout_user}; `null` (or no row) leaves every field empty. */
export function decodeVerificationOutput(response: unknown): VerificationAttemptOutput {
  const output = { decision: '', message: '', shouldLogoutUser: false }
  if (response === null || response === undefined) return output
  if (!isObject(response)) throw outputError()
  const decision = field(response, 'decision') ?? ''
  const message = field(response, 'message') ?? ''
  const logout = field(response, 'should_logout_user') ?? false
  if (typeof decision !== 'string' || typeof message !== 'string' || typeof logout !== 'boolean') throw outputError()
  return { decision, message, shouldLogoutUser: logout }
}
