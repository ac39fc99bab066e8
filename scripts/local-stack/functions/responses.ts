// The answers the edge runtime gives on its own behalf (not the function's): the CLI's main service
// (`supabase/cli internal/functions/serve/templates/main.ts`) for 404 and verify_jwt, and its relay errors, which
// carry `x-relay-error: true` so functions-js throws FunctionsRelayError instead of FunctionsHttpError.
import type { ServerResponse } from 'node:http'
import { relayErrors, type RelayErrorKind } from './protocol.ts'

export interface EdgeAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** 503 BOOT_ERROR, 500 WORKER_ERROR or 546 WORKER_LIMIT, as `{code, message}` with the relay header. */
export function relayError(kind: RelayErrorKind): EdgeAnswer {
  const { status, code, message } = relayErrors[kind]
  return {
    status,
    headers: { 'content-type': 'application/json', 'x-relay-error': 'true' },
    body: JSON.stringify({ code, message }),
  }
}

/** An unknown, disabled or badly named function: plain text, as the main service answers it. */
export function functionNotFound(): EdgeAnswer {
  return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Function not found' }
}

/** verify_jwt refusals: `{"msg": "Invalid JWT"}`, or the text of the error that stopped the check. */
export function unauthorized(msg: string): EdgeAnswer {
  return { status: 401, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ msg }) }
}

export function send(res: ServerResponse, answer: EdgeAnswer): void {
  if (res.headersSent) {
    // The function had started its answer: all that is left is to cut it short.
    res.destroy()
    return
  }
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) })
  res.end(answer.body)
}
