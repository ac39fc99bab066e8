// The HTTP response a request turns into, and the final touches every response gets: status and headers the
// database set through response.status / response.headers, and the error body for anything that went wrong.
import type { ServerResponse } from 'node:http'
import { ApiError, apiErrors } from '../errors.ts'

export interface RestResponse {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}

/** Applies `response.headers` (a JSON array of one-key objects) and `response.status` set by SQL. */
export function applyGucs(response: RestResponse, gucHeaders: string | null, gucStatus: string | null): RestResponse {
  if (gucHeaders !== null) {
    let parsed: unknown
    try {
      parsed = JSON.parse(gucHeaders)
    } catch {
      throw apiErrors.gucHeaders()
    }
    if (!Array.isArray(parsed)) throw apiErrors.gucHeaders()
    for (const entry of parsed) {
      const pairs = entry !== null && typeof entry === 'object' ? Object.entries(entry as object) : []
      if (pairs.length !== 1 || typeof pairs[0]![1] !== 'string') throw apiErrors.gucHeaders()
      const [name, value] = pairs[0] as [string, string]
      for (const existing of Object.keys(response.headers)) {
        if (existing.toLowerCase() === name.toLowerCase()) delete response.headers[existing]
      }
      response.headers[name] = value
    }
  }
  if (gucStatus !== null) {
    const status = Number(gucStatus)
    if (!/^[0-9]+$/.test(gucStatus.trim()) || status < 100 || status > 599) throw apiErrors.gucStatus()
    response.status = status
  }
  return response
}

export function errorResponse(error: ApiError): RestResponse {
  return {
    status: error.status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Proxy-Status': `PostgREST; error=${error.body.code}`,
      ...error.headers,
    },
    body: JSON.stringify(error.body),
  }
}

export function send(res: ServerResponse, response: RestResponse, head: boolean): void {
  if (res.headersSent) return
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body
  const noContent = response.status === 204 || response.status === 304
  res.writeHead(
    response.status,
    noContent ? response.headers : { ...response.headers, 'Content-Length': String(body.length) },
  )
  res.end(head || noContent ? undefined : body)
}

export function internalError(): ApiError {
  return new ApiError(500, { code: 'PGRSTX00', message: 'Internal server error', details: null, hint: null })
}
