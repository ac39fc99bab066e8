// auth.sessions with their refresh tokens and AMR claims, as GoTrue keeps them: a session per sign-in, a chain of
// refresh tokens (each revoked one the parent of the next), and one claim per authentication method whose latest
// time goes into the access token's `amr`; a session is aal2 once it holds a totp, phone or WebAuthn claim.
import { newId, newRefreshToken } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { nilUuid } from './users.ts'

export interface AmrEntry {
  method: string
  timestamp: number
}

export interface SessionRow {
  id: string
  user_id: string
  aal: string | null
  factor_id: string | null
  not_after: string | null
  created_at: string | null
}

export interface Grant {
  userAgent: string | undefined
  ip: string
}

const aal2Methods = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])

export function aalOf(amr: AmrEntry[]): 'aal1' | 'aal2' {
  return amr.some((entry) => aal2Methods.has(entry.method)) ? 'aal2' : 'aal1'
}

/** Rows of amrSql as the claim list, most recent first (timestamps in whole seconds, as GoTrue writes them). */
export function toAmr(rows: { authentication_method: string; at: string | number }[]): AmrEntry[] {
  return rows
    .map((row) => ({ method: row.authentication_method, at: Number(row.at) }))
    .sort((a, b) => b.at - a.at)
    .map(({ method, at }) => ({ method, timestamp: Math.floor(at) }))
}

export const amrSql = `select authentication_method, extract(epoch from updated_at) as at
  from auth.mfa_amr_claims where session_id = $1`

/**
 * A new session for the user with its first refresh token and the AMR claim of `method`; also stamps the user's
 * last sign-in. Returns the session id, the refresh token and the user's new timestamps.
 */
export async function createSession(
  db: Queryable,
  userId: string,
  method: string,
  grant: Grant,
): Promise<{ sessionId: string; refreshToken: string; lastSignInAt: string; updatedAt: string; amrAt: number }> {
  const sessionId = newId()
  const refreshToken = newRefreshToken()
  const { rows } = await db.query<{ last_sign_in_at: string; updated_at: string; amr_at: string }>(
    `with s as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4::inet)
     ), rt as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
       values ($5, $6, $7, false, now(), now(), $1)
     ), amr as (
       insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($8, $1, now(), now(), $9)
       returning updated_at
     ), u as (
       update auth.users set last_sign_in_at = now(), updated_at = now() where id = $2
       returning last_sign_in_at, updated_at
     )
     select u.last_sign_in_at, u.updated_at, (select floor(extract(epoch from updated_at))::bigint from amr) as amr_at
     from u`,
    [sessionId, userId, grant.userAgent ?? null, grant.ip || null, nilUuid, refreshToken, userId, newId(), method],
  )
  const row = rows[0]!
  return {
    sessionId,
    refreshToken,
    lastSignInAt: row.last_sign_in_at,
    updatedAt: row.updated_at,
    amrAt: Number(row.amr_at),
  }
}

export async function findSession(db: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await db.query<SessionRow>(
    'select id, user_id, aal, factor_id, not_after, created_at from auth.sessions where id = $1',
    [id],
  )
  return rows[0]
}

export async function loadAmr(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ authentication_method: string; at: string }>(amrSql, [sessionId])
  return toAmr(rows)
}

/** Adds (or refreshes the time of) a claim on the session, like GoTrue's AddClaimToSession. */
export async function addClaim(db: Queryable, sessionId: string, method: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [newId(), sessionId, method],
  )
}

export async function deleteSessions(
  db: Queryable,
  userId: string,
  scope: 'all' | { only: string } | { except: string },
): Promise<void> {
  if (scope === 'all') await db.query('delete from auth.sessions where user_id = $1', [userId])
  else if ('only' in scope) await db.query('delete from auth.sessions where id = $1', [scope.only])
  else await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, scope.except])
}
