// Whether a failed request got no answer from the API: what the outboxes keep for later, and what marks this tab
// offline (reachability.ts). Its own module, as the app shell needs only this of the outboxes' rules on a first load.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Whether a failed write should wait in an outbox's queue: the request never got an answer (fetch rejected: offline, DNS,
 * connection refused or reset) or the gateway answered that the API is away (502, 503, 504). Anything else is the
 * server's answer (not enrolled, lesson locked, signed out) and would be refused again.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true
  if (!isRecord(error)) return false
  // postgrest-js turns a rejected fetch into { message: "TypeError: Failed to fetch", code: "" }.
  if (typeof error.message === 'string' && /^(TypeError|FetchError|AbortError): /.test(error.message)) return true
  const status = typeof error.status === 'number' ? error.status : undefined
  return status === 0 || status === 502 || status === 503 || status === 504
}
