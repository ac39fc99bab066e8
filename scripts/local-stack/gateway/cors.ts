// CORS as the CLI's Kong answers it: its `cors` plugin with the default config on every route. Preflights are
// answered by the gateway (200, any origin, the requested headers echoed, Kong's default method list, no max-age and
// no credentials); every other response gets `Access-Control-Allow-Origin: *`. Kong leaves the exposed headers to
// the services, so the gateway adds the union of what PostgREST, GoTrue, Storage and the edge runtime expose, on
// every response, so that no service can forget it.
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http'

/** Kong's default `methods` (kong/plugins/cors/handler.lua). */
export const allowedMethods = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT'

export const exposedHeaders = [
  // PostgREST
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
  // GoTrue (internal/api/api.go)
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  // Storage
  'Content-Length',
  'Content-Disposition',
  'ETag',
  'Last-Modified',
  'Cache-Control',
  'x-transformations',
  // edge functions: the relay's error marker (functions-js reads it)
  'x-relay-error',
].join(', ')

/** A CORS preflight as Kong recognises one: OPTIONS with an Origin and an Access-Control-Request-Method. */
export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && !!req.headers.origin && !!req.headers['access-control-request-method']
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const headers: OutgoingHttpHeaders = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': allowedMethods,
    'Content-Length': 0,
  }
  const requested = req.headers['access-control-request-headers']
  if (requested) headers['Access-Control-Allow-Headers'] = requested
  res.writeHead(200, headers).end()
}

/**
 * Makes every response written on `res` carry the CORS headers, whatever the service does: headers given to
 * `writeHead` are folded in first, then Allow-Origin is set (as Kong overrides it) and Expose-Headers is merged with
 * any list the service set. `res.end()`/`write()` without `writeHead` go through `writeHead` too.
 */
export function addCorsHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead as (this: ServerResponse, statusCode: number, reason?: string) => ServerResponse
  res.writeHead = function (
    this: ServerResponse,
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ) {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined
    const headers = typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders
    if (headers) setAll(this, headers)
    this.setHeader('Access-Control-Allow-Origin', '*')
    const own = this.getHeader('Access-Control-Expose-Headers')
    this.setHeader('Access-Control-Expose-Headers', own ? `${String(own)}, ${exposedHeaders}` : exposedHeaders)
    return writeHead.call(this, statusCode, reason)
  } as ServerResponse['writeHead']
}

/** `writeHead`'s headers argument: an object, or a flat [name, value, name, value…] list. */
function setAll(res: ServerResponse, headers: OutgoingHttpHeaders | OutgoingHttpHeader[]): void {
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value)
    return
  }
  const collected = new Map<string, { name: string; values: string[] }>()
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = String(headers[i])
    const entry = collected.get(name.toLowerCase()) ?? { name, values: [] }
    entry.values.push(String(headers[i + 1]))
    collected.set(name.toLowerCase(), entry)
  }
  for (const { name, values } of collected.values()) res.setHeader(name, values.length === 1 ? values[0]! : values)
}
