// Writing responses the way GoTrue does: JSON bodies, 204s without a body, 303 redirects, and the API-version echo
// (GoTrue answers with the version it understood when the client sent a valid one).
import type { ServerResponse } from 'node:http'
import { sendJson as sharedSendJson } from '../../http/json.ts'
import type { AuthRequest } from './request.ts'
import { apiVersionHeader, speaksApiVersion2024 } from '../errors.ts'

export function echoApiVersion(request: AuthRequest): void {
  if (speaksApiVersion2024(request.req)) request.res.setHeader(apiVersionHeader, '2024-01-01')
}

/** GoTrue's sendJSON: the stack's JSON writer with GoTrue's content-type (no charset). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sharedSendJson(res, status, body, { 'content-type': 'application/json', ...headers })
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204)
  res.end()
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'content-length': 0 })
  res.end()
}
