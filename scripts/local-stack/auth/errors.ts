// GoTrue's error model: an HTTP status, a machine-readable code from its error-code list, and a message. Rendered as
// `{code, message}` when the client speaks API version 2024-01-01 (auth-js always does) and as GoTrue's legacy
// `{code: <status>, error_code, msg}` otherwise; OAuth-style errors keep their `{error, error_description}` shape.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../http/json.ts'
import type { AuthErrorCode } from './error-codes.ts'

export type { AuthErrorCode } from './error-codes.ts'

export const apiVersionHeader = 'x-supabase-api-version'
const apiVersion20240101 = '2024-01-01'

export class AuthError extends Error {
  /** False for errors GoTrue gives no code of their own (a hook's refusal): no x-sb-error-code header then. */
  readonly coded: boolean = true

  constructor(
    readonly status: number,
    readonly code: AuthErrorCode,
    message: string,
    /** Extra body fields, e.g. `weak_password` on weak_password errors. */
    readonly extra: Record<string, unknown> = {},
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/** RFC 6749 errors, which GoTrue answers with status 400 and `{error, error_description}` whatever the version. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`)
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthError(400, code, message)
export const unauthorized = (code: AuthErrorCode, message: string) => new AuthError(401, code, message)
export const forbidden = (code: AuthErrorCode, message: string) => new AuthError(403, code, message)
export const notFound = (code: AuthErrorCode, message: string) => new AuthError(404, code, message)
export const conflict = (code: AuthErrorCode, message: string) => new AuthError(409, code, message)
export const unprocessable = (code: AuthErrorCode, message: string) => new AuthError(422, code, message)
export const tooManyRequests = (code: AuthErrorCode, message: string) => new AuthError(429, code, message)

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } })
}

/** True when the request asked for API version 2024-01-01 or later (a date GoTrue can parse). */
export function speaksApiVersion2024(req: IncomingMessage): boolean {
  const raw = req.headers[apiVersionHeader]
  const value = Array.isArray(raw) ? raw[0] : raw
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return false
  return value >= apiVersion20240101
}

/** Where unexpected failures are reported (the stack's error log; stderr by default). */
export type ErrorLog = (message: string) => void

const stderrLog: ErrorLog = (message) => process.stderr.write(`[auth] ${message}\n`)

export function sendError(req: IncomingMessage, res: ServerResponse, error: unknown, log: ErrorLog = stderrLog): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  if (error instanceof OAuthError) {
    writeJson(res, 400, { error: error.error, error_description: error.description })
    return
  }
  const known =
    error instanceof AuthError
      ? error
      : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information')
  // 503s (database away) are logged once per second by the pool, not once per request.
  if (known.status >= 500 && known.status !== 503) {
    // Only bugs and infrastructure failures get here: input errors are all 4xx AuthErrors.
    const cause = error instanceof AuthError ? error.cause : error
    log(`${req.method} ${req.url}: ${(cause as Error)?.stack ?? String(cause ?? known.message)}`)
  }
  if (known.coded) res.setHeader('x-sb-error-code', known.code)
  if (speaksApiVersion2024(req)) {
    writeJson(res, known.status, { code: known.code, message: known.message, ...known.extra })
  } else {
    writeJson(res, known.status, { code: known.status, error_code: known.code, msg: known.message, ...known.extra })
  }
}

// GoTrue's sendJSON sets content-type without a charset.
function writeJson(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, { 'content-type': 'application/json' })
}
