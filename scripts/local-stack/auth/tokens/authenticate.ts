// Who is calling: the Bearer JWT checked as GoTrue checks it (signature by the stack's keys, expiry, `sub` and
// `session_id` present in the database), and the admin gate (a JWT whose role is service_role or supabase_admin).
import { verifyAccessToken, type AccessTokenFailure } from '../../keys/access-token.ts'
import type { JwtClaims } from '../../keys/jwt.ts'
import type { AuthContext } from '../context.ts'
import { badRequest, forbidden, unauthorized } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import type { Caller } from './caller.ts'
import { findSession, type SessionRow } from '../models/sessions.ts'
import { findUserById, hasVerifiedFactor, isUuid } from '../models/users.ts'

export type { Caller }

const bearer = /^[Bb]earer (\S+)$/

/** golang-jwt's wording for each failure of the shared validation, as GoTrue passes it on. */
const failureDetail: Record<AccessTokenFailure['reason'], string> = {
  malformed: 'token is malformed: could not JSON decode header or claims',
  invalid: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
  'claim-not-number': 'token is malformed: could not JSON decode claim',
  'not-yet-valid': 'token has invalid claims: token is not valid yet',
  'issued-in-future': 'token has invalid claims: token used before issued',
}

export async function verifiedClaims(context: AuthContext, request: AuthRequest): Promise<JwtClaims> {
  const token = bearer.exec(request.header('authorization') ?? '')?.[1]
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token')
  // golang-jwt has no leeway by default; GoTrue does not ask it to check iat.
  const result = await verifyAccessToken(context.keys, token, { clockSkewSeconds: 0, checkIssuedAt: false })
  if (result.ok) return result.claims
  throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${failureDetail[result.reason]}`)
}

/** requireAuthentication: a valid user JWT whose user (and session, when named) still exist. */
export async function authenticate(context: AuthContext, request: AuthRequest): Promise<Caller> {
  const claims = await verifiedClaims(context, request)
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID')
  const user = await findUserById(context.db, sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  let session: SessionRow | undefined
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  if (sessionId && sessionId !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
    session = await findSession(context.db, sessionId)
    if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { claims, user, session }
}

/** requireAdminCredentials: the caller's JWT carries one of the admin roles. */
export async function requireAdmin(context: AuthContext, request: AuthRequest): Promise<JwtClaims> {
  const claims = await verifiedClaims(context, request)
  if (typeof claims.role === 'string' && context.adminRoles.includes(claims.role)) return claims
  throw forbidden('not_admin', 'User not allowed')
}

export function isAal2(caller: Caller): boolean {
  return caller.session?.aal === 'aal2'
}

/** requireAuthentication + requireNotAnonymous: the MFA routes. */
export async function authenticateNotAnonymous(context: AuthContext, request: AuthRequest): Promise<Caller> {
  const caller = await authenticate(context, request)
  if (caller.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions')
  }
  return caller
}

/** Managing one's passkeys: not anonymous, and with MFA on, the second factor too. */
export async function authenticatePasskeyManager(context: AuthContext, request: AuthRequest): Promise<Caller> {
  const caller = await authenticateNotAnonymous(context, request)
  if (hasVerifiedFactor(caller.user) && !isAal2(caller)) {
    throw forbidden('insufficient_aal', 'AAL2 session is required to manage passkeys')
  }
  return caller
}
