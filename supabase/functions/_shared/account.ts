// What the account functions (account-delete, account-export, mfa-recovery) share: the verified caller's JWT
// claims, the `aal2_required` refusal, and the API errors the database raises (private.raise_api_error) or returns
// as a value (the redeem calls), turned into the HttpError the envelope of http.ts answers.
import { type ErrorCode, type FieldErrors, HttpError } from './http.ts'

/** PRODUCT.md §8's refusal of a destructive act without a second factor. */
export function aal2Required(message: string): HttpError {
  return new HttpError(403, 'aal2_required', message)
}

/**
 * The claims of a bearer token, decoded without checking the signature: call it only on a token Auth already
 * accepted (requireUser asks Auth about it). Anything undecodable answers an empty object.
 */
export function claimsOf(authorization: string | null): Record<string, unknown> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return {}
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=')
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? claims as Record<string, unknown>
      : {}
  } catch {
    return {}
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseObject(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== 'string') return undefined
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The HttpError for an error Postgres raised with private.raise_api_error (SQLSTATE PGRST, the message a JSON
 * `{ code, message, details }`, the detail `{ status }`), as a direct connection (npm:postgres) reports it.
 * Anything else answers undefined: the caller rethrows it as the 500 it is.
 */
export function apiErrorOf(error: unknown): HttpError | undefined {
  if (!isRecord(error) || error.code !== 'PGRST') return undefined
  const body = parseObject(error.message)
  const detail = parseObject(error.detail)
  if (!body || typeof body.code !== 'string' || typeof body.message !== 'string') return undefined
  const status = typeof detail?.status === 'number' ? detail.status : 400
  const details = isRecord(body.details) ? body.details : undefined
  const fields = isRecord(details?.fields) ? details.fields as FieldErrors : undefined
  return new HttpError(status, body.code as ErrorCode, body.message, fields)
}

/**
 * The HttpError for a refusal a redeem call returns as a value (`{ error: { code, message, status, ... } }`), with
 * Retry-After when it says how long to wait; undefined when the answer is not a refusal.
 */
export function refusalOf(answer: unknown): HttpError | undefined {
  if (!isRecord(answer) || !isRecord(answer.error)) return undefined
  const { code, message, status, retry_after_s: retryAfter } = answer.error
  if (typeof code !== 'string' || typeof message !== 'string' || typeof status !== 'number') return undefined
  const headers = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined
  return new HttpError(status, code as ErrorCode, message, undefined, headers)
}
