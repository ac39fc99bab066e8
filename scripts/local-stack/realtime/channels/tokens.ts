// Checks a JWT the way Realtime's ChannelsAuthorization.authorize_conn does (signature, expiry, the required `role`
// and `exp` claims) and words each failure as Realtime does: at connect (HTTP 401), in a join reply, or in the
// system message that shuts a channel down after an access_token update.
import { decodeJwt, decodeProtectedHeader } from 'jose'
import type { JwtClaims, JwtKeys } from '../../keys/jwt.ts'

export type TokenFailure = 'missing' | 'malformed' | 'signature' | 'signer' | 'expired' | 'claims'

export type TokenCheck =
  { ok: true; claims: JwtClaims; exp: number } | { ok: false; failure: TokenFailure; expiredFor?: number }

const HS_ALGORITHMS = new Set(['HS256', 'HS384', 'HS512'])

/** Realtime URI-decodes the token and strips whitespace before verifying it. */
function cleanToken(token: string): string {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // Not URI-encoded: used as it is.
  }
  return decoded.replace(/\s/g, '')
}

function headerOf(token: string): Record<string, unknown> | undefined {
  try {
    return decodeProtectedHeader(token)
  } catch {
    return undefined
  }
}

export async function checkToken(keys: JwtKeys, token: unknown, now = Date.now() / 1000): Promise<TokenCheck> {
  if (typeof token !== 'string') return { ok: false, failure: 'missing' }
  const cleaned = cleanToken(token)
  const result = await keys.verify(cleaned, now)
  if (!result.ok) {
    if (result.reason === 'malformed') return { ok: false, failure: 'malformed' }
    if (result.reason === 'expired') {
      const exp = Number(decodeJwt(cleaned).exp)
      return { ok: false, failure: 'expired', expiredFor: Math.max(0, Math.floor(now) - Math.floor(exp)) }
    }
    // A key Realtime cannot build a signer for (an unknown kid, an unsupported algorithm) is not a bad signature.
    const header = headerOf(cleaned)
    const alg = typeof header?.alg === 'string' ? header.alg : ''
    const knownKid = keys.jwks().keys.some((k) => k.kid === header?.kid && k.alg === alg)
    return { ok: false, failure: HS_ALGORITHMS.has(alg) || knownKid ? 'signature' : 'signer' }
  }
  const { claims } = result
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') return { ok: false, failure: 'claims' }
  return { ok: true, claims, exp: claims.exp }
}

const SIGNER = 'Failed to generate JWT signer, check your JWT secret or JWKS configuration'
const CLAIMS = 'Fields `role` and `exp` are required in JWT'
const MALFORMED = 'The token provided is not a valid JWT'

/** The `{error}` of the HTTP 401 that refuses a socket (UserSocket.error_response). */
export function connectError(check: TokenCheck & { ok: false }): string {
  switch (check.failure) {
    case 'missing':
      return 'API key is missing'
    case 'malformed':
      return MALFORMED
    case 'signature':
      return 'Failed to validate JWT signature'
    case 'signer':
      return SIGNER
    case 'expired':
      return 'Token has expired'
    case 'claims':
      return CLAIMS
  }
}

/** The `reason` of a refused join ("<code>: <message>"). */
export function joinError(check: TokenCheck & { ok: false }): string {
  switch (check.failure) {
    case 'missing':
    case 'malformed':
      return `MalformedJWT: ${MALFORMED}`
    case 'signature':
      return 'JwtSignatureError: Failed to validate JWT signature'
    case 'signer':
      return `JwtSignerError: ${SIGNER}`
    case 'expired':
      return `InvalidJWTToken: Token has expired ${check.expiredFor ?? 0} seconds ago`
    case 'claims':
      return `InvalidJWTToken: ${CLAIMS}`
  }
}

/** The message of the system error that closes a channel whose new access token failed. */
export function shutdownMessage(check: TokenCheck & { ok: false }): string {
  switch (check.failure) {
    case 'missing':
    case 'malformed':
      return MALFORMED
    // Realtime has no clause for a bad signature here and sends inspect(:signature_error).
    case 'signature':
      return ':signature_error'
    case 'signer':
      return SIGNER
    case 'expired':
      return `Token has expired ${check.expiredFor ?? 0} seconds ago`
    case 'claims':
      return CLAIMS
  }
}
