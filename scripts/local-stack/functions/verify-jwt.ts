// verify_jwt as the edge runtime's main service applies it before a function runs: a `Bearer` token whose protected
// header decodes (jose's decodeProtectedHeader, which the main service calls), signed HS256 with the JWT secret or
// ES256/RS256 with a signing key, not expired and already valid. The refusal texts are the main service's own,
// errors included.
import { decodeProtectedHeader } from 'jose'
import { verifyAccessToken } from '../keys/access-token.ts'
import type { JwtKeys } from '../keys/jwt.ts'

export type JwtCheck = { ok: true } | { ok: false; msg: string }

export async function verifyFunctionJwt(
  authorization: string | undefined,
  keys: JwtKeys,
  now = Date.now() / 1000,
): Promise<JwtCheck> {
  if (!authorization) return { ok: false, msg: 'Error: Missing authorization header' }
  const [bearer, token] = authorization.split(' ')
  if (bearer !== 'Bearer') return { ok: false, msg: "Error: Auth header is not 'Bearer {token}'" }
  let alg: unknown
  try {
    alg = decodeProtectedHeader(token as string).alg
  } catch (error) {
    // The main service answers the error as it prints: "TypeError: Invalid Token or Protected Header formatting".
    return { ok: false, msg: String(error) }
  }
  if (alg !== 'HS256' && alg !== 'ES256' && alg !== 'RS256') return { ok: false, msg: 'Invalid JWT' }
  // jose's jwtVerify: time claims must be numbers, nbf not in the future (no clock tolerance by default); it does
  // not refuse a future iat without maxTokenAge.
  const verified = await verifyAccessToken(keys, token as string, { now, clockSkewSeconds: 0, checkIssuedAt: false })
  if (!verified.ok) return { ok: false, msg: 'Invalid JWT' }
  return { ok: true }
}
