// verify_jwt as the edge runtime's main service applies it before a function runs: a `Bearer` token whose protected
// header decodes (jose's decodeProtectedHeader), signed HS256 with the JWT secret or ES256/RS256 with a signing key,
// not expired and already valid. The refusal texts are the main service's own, errors included.
import { verifyAccessToken } from '../keys/access-token.ts'
import type { JwtKeys } from '../keys/jwt.ts'

export type JwtCheck = { ok: true } | { ok: false; msg: string }

export function verifyFunctionJwt(authorization: string | undefined, keys: JwtKeys, now = Date.now() / 1000): JwtCheck {
  if (!authorization) return { ok: false, msg: 'Error: Missing authorization header' }
  const [bearer, token] = authorization.split(' ')
  if (bearer !== 'Bearer') return { ok: false, msg: "Error: Auth header is not 'Bearer {token}'" }
  const header = decodeProtectedHeader(token)
  if (!header) return { ok: false, msg: 'TypeError: Invalid Token or Protected Header formatting' }
  if (header.alg !== 'HS256' && header.alg !== 'ES256' && header.alg !== 'RS256') {
    return { ok: false, msg: 'Invalid JWT' }
  }
  // jose's jwtVerify: time claims must be numbers, nbf not in the future (no clock tolerance by default); it does
  // not refuse a future iat without maxTokenAge.
  const verified = verifyAccessToken(keys, token as string, { now, clockSkewSeconds: 0, checkIssuedAt: false })
  if (!verified.ok) return { ok: false, msg: 'Invalid JWT' }
  return { ok: true }
}

/** The JSON object in the first part of a compact JWS (3 parts) or JWE (5 parts), or undefined. */
function decodeProtectedHeader(token: string | undefined): Record<string, unknown> | undefined {
  if (token === undefined) return undefined
  const parts = token.split('.')
  if (parts.length !== 3 && parts.length !== 5) return undefined
  const encoded = parts[0] as string
  if (!encoded || !/^[A-Za-z0-9_-]+$/.test(encoded)) return undefined
  try {
    const header: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))
    return typeof header === 'object' && header !== null && !Array.isArray(header)
      ? (header as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
