// The HTTP response a request turns into, and the final touches every response gets: status and headers the
// database set through response.status / response.headers, header text as PostgREST writes it, and the writing.
import type { ServerResponse } from 'node:http'
import { apiErrors } from '../errors.ts'

export interface RestResponse {
  status: number
  headers: Record<string, string>
  body: string | Buffer
}

/** An HTTP token (RFC 9110): what a header name may be made of. */
const headerName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const nonAscii = /[\u0080-\uffff]/

/** Control characters (tab aside) cannot be part of a header value. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i)
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true
  }
  return false
}

/**
 * Header text as PostgREST writes it (Haskell's toUtf8): the UTF-8 bytes of the text. Node writes header strings
 * as Latin-1, one byte per character, so the bytes are spelled as Latin-1 characters here.
 */
export function headerText(text: string): string {
  return nonAscii.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text
}

/** A request header's text as the client meant it: Node read its UTF-8 bytes as Latin-1 characters. */
export function fromHeaderText(text: string): string {
  return nonAscii.test(text) ? Buffer.from(text, 'latin1').toString('utf8') : text
}

/** Whether a value (already through headerText) can go out in a header. */
export function isHeaderValue(value: string): boolean {
  return !hasControlCharacter(value)
}

/** Whether a name and a value (already through headerText) can go out as a header. */
export function isValidHeader(name: string, value: string): boolean {
  return headerName.test(name) && isHeaderValue(value)
}

/** Sets a header, replacing any of the same name in another case; `__proto__` is a name like any other. */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase()
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === lower) delete headers[existing]
  }
  Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true })
}

/**
 * Applies `response.headers` (a JSON array of one-key objects) and `response.status` set by SQL. A header HTTP
 * cannot carry (a name that is not a token, a control character in the value) is PGRST111, like a malformed array.
 */
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
      const [name, text] = pairs[0] as [string, string]
      const value = headerText(text)
      if (!isValidHeader(name, value)) throw apiErrors.gucHeaders()
      setHeader(response.headers, name, value)
    }
  }
  if (gucStatus !== null) {
    const status = Number(gucStatus)
    if (!/^[0-9]+$/.test(gucStatus.trim()) || status < 100 || status > 599) throw apiErrors.gucStatus()
    response.status = status
  }
  return response
}

/**
 * PostgREST adds Retry-After to every 503 (addRetryHint) with the delay before its next reconnection attempt; the
 * listener here tries again within half a second, so the hint is to retry at once.
 */
export const retryHint = { 'Retry-After': '0' }

export function send(res: ServerResponse, response: RestResponse, head: boolean): void {
  if (res.headersSent) return
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body
  const noContent = response.status === 204 || response.status === 304
  const headers = response.status === 503 ? { ...retryHint, ...response.headers } : response.headers
  res.writeHead(response.status, noContent ? headers : { ...headers, 'Content-Length': String(body.length) })
  res.end(head || noContent ? undefined : body)
}
