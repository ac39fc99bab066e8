// Who is calling: the Authorization header's JWT, verified with the stack's keys, gives the claims and the role to
// `set local role` to; no JWT means the anon role. Bad tokens answer PostgREST's 401 errors (PGRST301/PGRST303)
// with the WWW-Authenticate header it sends. The claim rules are the stack's one access-token validation
// (keys/access-token.ts), whose rules are PostgREST's. Verified tokens are cached until they expire.
import { jwtError } from '../errors.ts'
import { verifyAccessToken } from '../../keys/access-token.ts'
import type { JwtClaims, JwtKeys } from '../../keys/jwt.ts'

export interface Caller {
  role: string
  claims: JwtClaims
  /** The claims as JSON, for request.jwt.claims. */
  claimsJson: string
  isAnon: boolean
}

const anonRole = 'anon'
const allowedSkewSeconds = 30
const cacheSize = 1000

export class Authenticator {
  private readonly cache = new Map<string, { caller: Caller; exp: number | undefined }>()

  constructor(private readonly keys: JwtKeys) {}

  async authenticate(authorization: string | undefined, now = Date.now() / 1000): Promise<Caller> {
    if (authorization === undefined) return anonymous()
    // Keyed by the header as sent: a client repeats it verbatim, so a known one skips taking the token out of it.
    const cached = this.cache.get(authorization)
    if (cached && (cached.exp === undefined || cached.exp > now)) return cached.caller
    const match = /^bearer(?:\s+(.*))?$/is.exec(authorization.trim())
    if (!match) return anonymous()
    const token = (match[1] ?? '').trim()
    if (token === '') throw jwtError('PGRST301', 'Empty JWT is sent in Authorization header')
    const result = await verifyAccessToken(this.keys, token, { now, clockSkewSeconds: allowedSkewSeconds })
    if (!result.ok)
      throw jwtError(
        result.reason === 'malformed' || result.reason === 'invalid' ? 'PGRST301' : 'PGRST303',
        result.message,
      )
    const { claims, role, exp } = result
    const caller: Caller = { role, claims, claimsJson: JSON.stringify(claims), isAnon: result.isAnon }
    if (this.cache.size >= cacheSize) this.cache.clear()
    this.cache.set(authorization, { caller, exp })
    return caller
  }
}

function anonymous(): Caller {
  return { role: anonRole, claims: { role: anonRole }, claimsJson: `{"role":"${anonRole}"}`, isAnon: true }
}
