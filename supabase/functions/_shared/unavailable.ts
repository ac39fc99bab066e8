// Whether a failure means the database (or a service in front of it) is away for a moment rather than that the call
// went wrong, so a function answers 503 with Retry-After, as the Data API and Auth do, instead of a 500. The Data
// API says so with PGRST000-002 or a connection SQLSTATE, Auth with a 503, Storage with 503 or its database timeout
// (544), and a direct connection (postgres.js) with a socket or connection error.

// Class 08 connection exceptions, 53 insufficient resources, 57P01-03 shutdown and cannot connect now.
const sqlstate = /^(08|53)[0-9A-Z]{3}$|^57P0[123]$/
const postgrestCodes = new Set(['PGRST000', 'PGRST001', 'PGRST002'])
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
])

export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, status } = error as { code?: unknown; status?: unknown }
  if (typeof code === 'string' && (postgrestCodes.has(code) || connectionCodes.has(code) || sqlstate.test(code))) {
    return true
  }
  if (status === 503 || status === 544) return true
  const cause = (error as { cause?: unknown }).cause
  return cause !== undefined && cause !== error && isUnavailable(cause)
}
