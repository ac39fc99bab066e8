// The one access-token validation of the local stack: signature and expiry (JwtKeys.verify), then the claim rules
// PostgREST applies — exp, nbf and iat must be numbers when present, nbf and iat may not lie in the future beyond
// the clock skew — and the role claim (a non-empty string, else anon). Services map the typed reason to their own
// dialect (PostgREST's PGRST301/303, Storage API's jsonwebtoken texts, the edge runtime's "Invalid JWT").
import type { JwtClaims, JwtKeys } from './jwt.ts'

export type TimeClaim = 'exp' | 'nbf' | 'iat'

export type AccessTokenFailure =
  /** Not a JWT (PGRST301). */
  | { ok: false; reason: 'malformed'; message: string }
  /** Bad signature, algorithm or key (PGRST301). */
  | { ok: false; reason: 'invalid'; message: string }
  /** exp reached (PGRST303). */
  | { ok: false; reason: 'expired'; message: string }
  /** A time claim that is present but not a number, e.g. exp: "9999999999" (PGRST303). */
  | { ok: false; reason: 'claim-not-number'; claim: TimeClaim; message: string }
  /** nbf later than now + skew (PGRST303). */
  | { ok: false; reason: 'not-yet-valid'; message: string }
  /** iat later than now + skew (PGRST303). */
  | { ok: false; reason: 'issued-in-future'; message: string }

export interface AccessToken {
  ok: true
  claims: JwtClaims
  header: Record<string, unknown>
  /** The role to switch to: the role claim when it is a non-empty string, else the default (anon). */
  role: string
  /** Whether the role is the default one (no role claim, or the anon role itself). */
  isAnon: boolean
  /** Seconds since the epoch, when the token has an exp (a cache may keep the result until then). */
  exp: number | undefined
}

export interface AccessTokenOptions {
  /** Seconds since the epoch. */
  now?: number
  /** Tolerance for nbf and iat in the future: PostgREST allows 30 s; jsonwebtoken and jose default to 0. */
  clockSkewSeconds?: number
  defaultRole?: string
  /** Refuse iat in the future (PostgREST does; jose and golang-jwt only when asked, GoTrue and the edge runtime don't). */
  checkIssuedAt?: boolean
  /**
   * The time claims that must be numbers when present, in the order they are checked: PostgREST checks exp, nbf and
   * iat; jsonwebtoken (Storage API) checks nbf then exp and leaves iat alone unless a maxAge is asked for.
   */
  numericClaims?: readonly TimeClaim[]
}

export async function verifyAccessToken(
  keys: JwtKeys,
  token: string,
  options: AccessTokenOptions = {},
): Promise<AccessToken | AccessTokenFailure> {
  const now = options.now ?? Date.now() / 1000
  const skew = options.clockSkewSeconds ?? 30
  const defaultRole = options.defaultRole ?? 'anon'
  const verified = await keys.verify(token, now)
  if (!verified.ok) return { ok: false, reason: verified.reason, message: verified.message }
  const { claims } = verified
  for (const claim of options.numericClaims ?? (['exp', 'nbf', 'iat'] as const)) {
    const value = claims[claim]
    if (value !== undefined && typeof value !== 'number') {
      return { ok: false, reason: 'claim-not-number', claim, message: `The JWT '${claim}' claim must be a number` }
    }
  }
  const { nbf, iat, exp } = claims as { nbf?: number; iat?: number; exp?: number }
  if (nbf !== undefined && nbf > now + skew) return { ok: false, reason: 'not-yet-valid', message: 'JWT not yet valid' }
  if (options.checkIssuedAt !== false && iat !== undefined && iat > now + skew) {
    return { ok: false, reason: 'issued-in-future', message: 'JWT issued at future' }
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : defaultRole
  return { ok: true, claims, header: verified.header, role, isAnon: role === defaultRole, exp }
}
