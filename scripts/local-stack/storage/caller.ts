// Who is calling: the JWT the gateway left in Authorization ("Bearer <jwt>", or a bare apikey value), verified with
// the stack's keys. storage-api's jwt plugin answers a missing or bad token with AccessDenied and jose's message
// ("Invalid Compact JWS", "signature verification failed"), except on routes that allow an invalid JWT, which then
// run as anon.
import type { IncomingMessage } from 'node:http'
import { serviceRoleKey } from '../keys/index.ts'
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

/**
 * Verifies a token as storage-api v1.60 does (`src/internal/auth/jwt.ts` verifyJWT: jose 6.2's jwtVerify with the
 * algorithms its JWKS allows), answering the claims or jose's words for the failure, which storage-api passes on as
 * the message ("Invalid Compact JWS" for no token at all, "signature verification failed", '"exp" claim timestamp
 * check failed', ...).
 */
export async function verifyStorageToken(
  keys: JwtKeys,
  token: string,
): Promise<{ ok: true; claims: JwtClaims } | { ok: false; message: string }> {
  const shape = joseShapeError(keys, token)
  if (shape) return { ok: false, message: shape }
  // The signature alone (a clock at minus infinity never finds the token expired); the stack signs only JSON
  // claims, so a token whose parts do not decode cannot carry a valid signature either.
  const result = await keys.verify(token, Number.NEGATIVE_INFINITY)
  if (!result.ok) return { ok: false, message: 'signature verification failed' }
  // The signature holds; jose's validateClaimsSet decides the rest.
  let claims: unknown
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as unknown
  } catch {
    claims = undefined
  }
  if (!isPlainObject(claims)) return { ok: false, message: 'JWT Claims Set must be a top-level JSON object' }
  const claimError = joseClaimsError(claims)
  if (claimError) return { ok: false, message: claimError }
  return { ok: true, claims }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]'
}

/**
 * jose's base64url decoding on Node 24 (storage-api's image): `-` and `_` turned into `+` and `/`, then atob's
 * forgiving-base64 (ASCII whitespace dropped, up to two `=` at a length that is a multiple of 4, never a length
 * of 4n+1). Undefined when atob would throw.
 */
export function joseBase64url(input: string): Buffer | undefined {
  let encoded = input
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/[\t\n\f\r ]/g, '')
  if (encoded.length % 4 === 0) encoded = encoded.replace(/==?$/, '')
  if (encoded.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(encoded)) return undefined
  return Buffer.from(encoded, 'base64')
}

/** The algorithms storage-api's getJWTAlgorithms allows: HS256 (JWT_ALGORITHM), plus each family its JWKS has. */
function allowedAlgorithms(keys: JwtKeys): string[] {
  const kinds = new Set(keys.jwks().keys.map((key) => key.kty))
  return [
    'HS256',
    ...(kinds.has('RSA') ? ['RS256', 'RS384', 'RS512'] : []),
    ...(kinds.has('EC') ? ['ES256', 'ES384', 'ES512'] : []),
    ...(kinds.has('OKP') ? ['EdDSA'] : []),
  ]
}

/**
 * What jose's compactVerify and flattenedVerify say before the signature is checked, in their order: not three
 * parts, a protected header that does not decode to JSON, `crit` rules, no `alg`, an algorithm not allowed, a key
 * that is not there for an asymmetric algorithm (storage-api then hands jose the HMAC secret), a signature that is
 * not base64url.
 */
function joseShapeError(keys: JwtKeys, token: string): string | undefined {
  const parts = token.split('.')
  if (parts.length !== 3) return 'Invalid Compact JWS'
  const [protectedPart, , signature] = parts as [string, string, string]
  let parsed: unknown = {}
  if (protectedPart !== '') {
    try {
      const bytes = joseBase64url(protectedPart)
      if (!bytes) throw new Error('not base64url')
      parsed = JSON.parse(new TextDecoder().decode(bytes)) as unknown
    } catch {
      return 'JWS Protected Header is invalid'
    }
  }
  const header = { ...(parsed as object) } as Record<string, unknown>
  const crit = parsed === null || parsed === undefined ? undefined : (parsed as Record<string, unknown>).crit
  if (crit !== undefined) {
    if (!Array.isArray(crit) || crit.length === 0 || crit.some((c) => typeof c !== 'string' || c.length === 0)) {
      return '"crit" (Critical) Header Parameter MUST be an array of non-empty strings when present'
    }
    for (const parameter of crit as string[]) {
      if (parameter !== 'b64') return `Extension Header Parameter "${parameter}" is not recognized`
      if (header[parameter] === undefined) return `Extension Header Parameter "${parameter}" is missing`
    }
    if (typeof header.b64 !== 'boolean') {
      return 'The "b64" (base64url-encode payload) Header Parameter must be a boolean'
    }
  }
  const alg = header.alg
  if (typeof alg !== 'string' || alg === '') return 'JWS "alg" (Algorithm) Header Parameter missing or invalid'
  if (!allowedAlgorithms(keys).includes(alg)) return '"alg" (Algorithm) Header Parameter value not allowed'
  if (!alg.startsWith('HS')) {
    // findJWKFromHeader: a key of the family with the token's kid (or none on both sides), else the secret.
    const kty = alg.startsWith('ES') ? 'EC' : alg === 'EdDSA' ? 'OKP' : 'RSA'
    const kid = header.kid
    const found = keys.jwks().keys.some((key) => ((!key.kid && !kid) || key.kid === kid) && key.kty === kty)
    if (!found) {
      return `Key for the ${alg} algorithm must be one of type CryptoKey, KeyObject, or JSON Web Key. Received an instance of Uint8Array`
    }
  }
  if (!joseBase64url(signature)) return 'Failed to base64url decode the signature'
  return undefined
}

/** jose's validateClaimsSet with no options: iat, nbf, exp must be numbers when present; nbf not ahead, exp not reached. */
function joseClaimsError(claims: Record<string, unknown>): string | undefined {
  const now = Math.floor(Date.now() / 1000)
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return '"iat" claim must be a number'
  if (claims.nbf !== undefined) {
    if (typeof claims.nbf !== 'number') return '"nbf" claim must be a number'
    if (claims.nbf > now) return '"nbf" claim timestamp check failed'
  }
  if (claims.exp !== undefined) {
    if (typeof claims.exp !== 'number') return '"exp" claim must be a number'
    if (claims.exp <= now) return '"exp" claim timestamp check failed'
  }
  return undefined
}

export async function authenticate(keys: JwtKeys, req: IncomingMessage, allowInvalid: boolean): Promise<Caller> {
  // storage-api strips "Bearer " and nothing else: a token with trailing spaces is not a JWT there either.
  const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '')
  if (token === '' && allowInvalid) return anonCaller
  const result = await verifyStorageToken(keys, token)
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
