// Who is calling: the JWT the gateway left in Authorization ("Bearer <jwt>", or a bare apikey value), verified with
// the stack's keys. storage-api's jwt plugin answers a missing or bad token with AccessDenied and jsonwebtoken's
// message ("jwt expired", "invalid signature"), except on routes that allow an invalid JWT, which then run as anon.
import type { IncomingMessage } from 'node:http'
import { serviceRoleKey } from '../keys/index.ts'
import { verifyAccessToken, type AccessTokenFailure } from '../keys/access-token.ts'
import type { JwtClaims, JwtKeys } from '../keys/jwt.ts'
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

/** jsonwebtoken's rules as storage-api uses them: no clock tolerance; nbf, then exp, must be numbers; iat is not checked. */
const storageTokenRules = { clockSkewSeconds: 0, checkIssuedAt: false, numericClaims: ['nbf', 'exp'] } as const

/**
 * Verifies a token with the stack's one access-token validation under jsonwebtoken's rules, answering the claims or
 * jsonwebtoken's words for the failure, which storage-api passes on ("jwt expired", "invalid exp value", ...).
 */
export function verifyStorageToken(
  keys: JwtKeys,
  token: string,
): { ok: true; claims: JwtClaims } | { ok: false; message: string } {
  const shape = jsonwebtokenShapeError(keys, token)
  if (shape) return { ok: false, message: shape }
  const result = verifyAccessToken(keys, token, storageTokenRules)
  if (result.ok) return { ok: true, claims: result.claims }
  return { ok: false, message: jsonwebtokenMessage(result) }
}

/** jws' test of a compact JWS: three base64url parts, the last (the signature) possibly empty. */
const compactJws = /^[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?\.([a-zA-Z0-9\-_]+)?$/

function jsonPart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64').toString('binary')) as unknown
  } catch {
    return undefined
  }
}

/**
 * What jsonwebtoken's verify() says about a token before it checks the signature, in its order: no token, not three
 * parts, not a decodable JWS ("invalid token"), a payload that is not JSON under `typ: JWT` (JSON.parse's own words),
 * no signature, then an algorithm storage-api does not allow (HS256, plus the RS and ES families when the keys include RSA or EC ones).
 */
function jsonwebtokenShapeError(keys: JwtKeys, token: string): string | undefined {
  if (token === '') return 'jwt must be provided'
  const parts = token.split('.')
  if (parts.length !== 3) return 'jwt malformed'
  const header = compactJws.test(token) ? jsonPart(parts[0]!) : undefined
  if (!header) return 'invalid token'
  if ((header as { typ?: unknown }).typ === 'JWT') {
    try {
      JSON.parse(Buffer.from(parts[1]!, 'base64').toString('binary'))
    } catch (error) {
      return (error as Error).message
    }
  }
  if (parts[2]!.trim() === '') return 'jwt signature is required'
  const kinds = new Set(keys.jwks().keys.map((key) => key.kty))
  const allowed = [
    'HS256',
    ...(kinds.has('RSA') ? ['RS256', 'RS384', 'RS512'] : []),
    ...(kinds.has('EC') ? ['ES256', 'ES384', 'ES512'] : []),
  ]
  const alg = (header as { alg?: unknown }).alg
  if (typeof alg !== 'string' || !allowed.includes(alg)) return 'invalid algorithm'
  return undefined
}

function jsonwebtokenMessage(failure: AccessTokenFailure): string {
  switch (failure.reason) {
    case 'malformed':
      return 'jwt malformed'
    case 'invalid':
      return 'invalid signature'
    case 'expired':
      return 'jwt expired'
    case 'claim-not-number':
      return `invalid ${failure.claim} value`
    // iat is not checked under storageTokenRules, so only nbf can put a token in the future here.
    case 'not-yet-valid':
    case 'issued-in-future':
      return 'jwt not active'
  }
}

export function authenticate(keys: JwtKeys, req: IncomingMessage, allowInvalid: boolean): Caller {
  // storage-api strips "Bearer " and nothing else: a token with trailing spaces is not a JWT there either.
  const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
  if (token === '' && allowInvalid) return anonCaller
  const result = verifyStorageToken(keys, token)
  if (!result.ok) {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied(result.message)
  }
  const { claims } = result
  if (isSignedUrlToken(claims)) {
    if (allowInvalid) return anonCaller
    throw errors.accessDenied('jwt audience invalid')
  }
  const role = roleOf(claims.role)
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined
  return { role, claims, jwt: token, sub, authenticated: true }
}

/**
 * The role the request runs as: storage-api takes `payload.role || 'anon'` and hands it to set_config as it is, so a
 * falsy role is anon and any other value (a number, an object) becomes the text PostgreSQL is given, a role that
 * does not exist, refused like any role the database will not switch to.
 */
function roleOf(role: unknown): string {
  if (!role) return 'anon'
  return typeof role === 'string' ? role : typeof role === 'object' ? JSON.stringify(role) : String(role)
}
