// Errors from PostgreSQL as PostgREST answers them: the SQLSTATE mapped to an HTTP status (mapSQLtoHTTP), the body
// {code, message, details, hint}, and `RAISE SQLSTATE 'PGRST'` with a JSON message and detail for full control.
import { apiErrors, type ApiError } from '../errors.ts'
import type { DbError } from '../execute/pipeline.ts'
import { headerText, isHeaderValue, isValidHeader, setHeader } from './response.ts'

export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  const two = code.slice(0, 2)
  if (two === '08') return 503
  if (two === '09') return 500
  if (two === '0L' || two === '0P') return 403
  if (code === '23503' || code === '23505') return 409
  if (code === '25006') return 405
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
  if (two === '25') return 500
  if (two === '28') return 403
  if (['2D', '38', '39', '3B', '40'].includes(two)) return 500
  if (code === '53400') return 500
  if (two === '53') return 503
  if (two === '54' || two === '55') return 500
  if (code === '57P01') return 503
  if (['57', '58', 'F0', 'HV', 'XX'].includes(two)) return 500
  if (code === 'P0001') return 400
  if (two === 'P0') return 500
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404
  if (code === '42P01') return 404
  if (code === '42P17') return 500
  if (code === '42501') return authenticated ? 403 : 401
  if (two === 'PT') {
    const status = Number(code.slice(2))
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500
  }
  return 400
}

function raisePgrst(error: DbError): ApiError {
  let body: { code?: unknown; message?: unknown; details?: unknown; hint?: unknown }
  try {
    body = JSON.parse(error.message) as typeof body
    if (typeof body !== 'object' || body === null || typeof body.code !== 'string' || typeof body.message !== 'string')
      throw new Error('shape')
  } catch {
    return apiErrors.pgrstParse(
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    )
  }
  const detailHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."
  if (error.detail === undefined) return apiErrors.pgrstParse('DETAIL is missing in the RAISE statement', detailHint)
  let detail: { status?: unknown; headers?: unknown }
  try {
    detail = JSON.parse(error.detail) as typeof detail
    if (typeof detail.status !== 'number' || typeof detail.headers !== 'object' || detail.headers === null)
      throw new Error('shape')
  } catch {
    return apiErrors.pgrstParse(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint)
  }
  // The code goes out in Proxy-Status and the headers as they are: both must be something HTTP can carry.
  const headers: Record<string, string> = {}
  for (const [name, v] of Object.entries(detail.headers as Record<string, unknown>)) {
    const value = headerText(String(v))
    if (!isValidHeader(name, value))
      return apiErrors.pgrstParse(`Invalid JSON value for DETAIL: '${error.detail}'`, detailHint)
    setHeader(headers, name, value)
  }
  if (!isHeaderValue(headerText(body.code as string))) {
    return apiErrors.pgrstParse(
      `Invalid JSON value for MESSAGE: '${error.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    )
  }
  return apiErrors.database(
    detail.status,
    {
      code: body.code as string,
      message: body.message as string,
      details: body.details ?? null,
      hint: body.hint ?? null,
    },
    headers,
  )
}

export function fromDbError(error: DbError, authenticated: boolean): ApiError {
  const code = error.code ?? ''
  if (code === 'PGRST') return raisePgrst(error)
  const status = statusForSqlState(code, error.message, authenticated)
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}
  return apiErrors.database(
    status,
    { code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    headers,
  )
}
