// Who is calling: the JWT the gateway left in Authorization ("Bearer <jwt>", or a bare apikey value), verified with
// the stack's keys. storage-api's jwt plugin answers a missing or bad token with AccessDenied and jsonwebtoken's
// message ("jwt expired", "invalid signature"), except on routes that allow an invalid JWT, which then run as anon.
import type { IncomingMessage } from 'node:http'
import { serviceRoleKey } from '../keys/index.ts'
import type { JwtClaims, JwtKeys, VerifyResult } from '../keys/jwt.ts'
import { errors } from './errors.ts'

export interface Caller {
  /** The database role the request runs as. */
  role: string
  claims: JwtClaims
  /** The raw token, for request.jwt. */
  jwt: string
  /** The JWT `sub`: the owner of what the caller uploads. */
  sub: string | undefined
  /** A verified token came with the request (storage-api's request.isAuthenticated). */
  authenticated: boolean
}

export const anonCaller: Caller = {
  role: 'anon',
  claims: { role: 'anon' },
  jwt: '',
  sub: undefined,
  authenticated: false,
}

/** The server itself: storage-api's "super user", which bypasses RLS. */
export const serviceCaller: Caller = {
  role: 'service_role',
  claims: { role: 'service_role' },
  jwt: serviceRoleKey,
  sub: undefined,
  authenticated: true,
}

/**
 * The audience of signed-URL tokens (objects/signing.ts). They are signed with the stack's keys, so without it a
 * signed URL's token would pass for an access token here (as anon) and any access token carrying `url` and `scope`
 * would pass for a signed URL; each side refuses the other's.
 */
export const signedUrlAudience = 'summit-storage-signed-url'

export function isSignedUrlToken(claims: JwtClaims): boolean {
  const aud = claims.aud
  return aud === signedUrlAudience || (Array.isArray(aud) && aud.includes(signedUrlAudience))
}

/** jsonwebtoken's wording for each failure, which storage-api passes on. */
export function jwtMessage(result: Exclude<VerifyResult, { ok: true }>): string {
  if (result.reason === 'expired') return 'jwt expired'
  return result.reason === 'malformed' ? 'jwt malformed' : 'invalid signature'
}

/**
 * jsonwebtoken's time-claim checks after the signature, in its order and words: `nbf` and `exp` must be numbers,
 * and a token is not accepted before its `nbf` (no clock tolerance, its default). Expiry itself is keys.verify's.
 */
export function timeClaimProblem(claims: JwtClaims, now = Date.now() / 1000): string | undefined {
  const { nbf, exp } = claims
  if (nbf !== undefined) {
    if (typeof nbf !== 'number') return 'invalid nbf value'
    if (nbf > Math.floor(now)) return 'jwt not active'
  }
  if (exp !== undefined && typeof exp !== 'number') return 'invalid exp value'
  return undefined
}

export function authenticate(keys: JwtKeys, req: IncomingMessage, allowInvalid: boolean): Caller {
  const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim()
  if (token === '') {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied('jwt must be provided')
  }
  const result = keys.verify(token)
  if (!result.ok) {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied(jwtMessage(result))
  }
  const { claims } = result
  const problem = timeClaimProblem(claims)
  if (problem) {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied(problem)
  }
  if (isSignedUrlToken(claims)) {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied('jwt audience invalid')
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon'
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined
  return { role, claims, jwt: token, sub, authenticated: true }
}
