// auth.oauth_authorizations and auth.oauth_consents as GoTrue v2.189's models keep them: an authorization request
// waits (pending) for its user and their decision until expires_at, an approval gives it a one-time code (a UUID),
// and a consent remembers which scopes a user granted a client so later requests for them are approved at once.
import { randomBytes } from 'node:crypto'
import { newId } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { timeMs } from '../db.ts'

export interface AuthorizationRow {
  id: string
  authorization_id: string
  client_id: string
  user_id: string | null
  redirect_uri: string
  scope: string
  state: string | null
  resource: string | null
  code_challenge: string | null
  code_challenge_method: 's256' | 'plain' | null
  nonce: string | null
  status: 'pending' | 'approved' | 'denied' | 'expired'
  authorization_code: string | null
  expires_at: string
}

const columns = `id, authorization_id, client_id, user_id, redirect_uri, scope, state, resource, code_challenge,
  code_challenge_method, nonce, status, authorization_code, expires_at`

/** GoTrue's crypto.SecureAlphanumeric(32): random base32 in lowercase, cut to 32 characters. */
function secureAlphanumeric(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  const bytes = randomBytes(Math.ceil((length * 5) / 8))
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < length) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return out
}

export interface NewAuthorization {
  clientId: string
  redirectUri: string
  scope: string
  state: string
  resource: string
  codeChallenge: string
  codeChallengeMethod: string
  nonce: string
  ttlSeconds: number
}

export async function insertAuthorization(db: Queryable, params: NewAuthorization): Promise<AuthorizationRow> {
  const orNull = (text: string) => (text === '' ? null : text)
  const { rows } = await db.query<AuthorizationRow>(
    `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource,
       code_challenge, code_challenge_method, nonce, response_type, status, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::auth.code_challenge_method, $10, 'code', 'pending', now(),
       now() + make_interval(secs => $11))
     returning ${columns}`,
    [
      newId(),
      secureAlphanumeric(32),
      params.clientId,
      params.redirectUri,
      params.scope,
      orNull(params.state),
      orNull(params.resource),
      orNull(params.codeChallenge),
      orNull(params.codeChallengeMethod.toLowerCase()),
      orNull(params.nonce),
      params.ttlSeconds,
    ],
  )
  return rows[0]!
}

export async function findAuthorization(
  db: Queryable,
  authorizationId: string,
  forUpdate = false,
): Promise<AuthorizationRow | undefined> {
  const { rows } = await db.query<AuthorizationRow>(
    `select ${columns} from auth.oauth_authorizations where authorization_id = $1 ${forUpdate ? 'for update' : ''}`,
    [authorizationId],
  )
  return rows[0]
}

/** An approved authorization by its code (GoTrue's FindOAuthServerAuthorizationByCode). */
export async function findByCode(db: Queryable, code: string): Promise<AuthorizationRow | undefined> {
  const { rows } = await db.query<AuthorizationRow>(
    `select ${columns} from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'`,
    [code],
  )
  return rows[0]
}

export const isExpired = (authorization: AuthorizationRow): boolean =>
  Date.now() > (timeMs(authorization.expires_at) ?? 0)

export async function markExpired(db: Queryable, authorization: AuthorizationRow): Promise<void> {
  if (authorization.status !== 'pending') return
  await db.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [authorization.id])
}

export async function setUser(db: Queryable, authorization: AuthorizationRow, userId: string): Promise<void> {
  await db.query('update auth.oauth_authorizations set user_id = $2 where id = $1', [authorization.id, userId])
  authorization.user_id = userId
}

/** Approves and gives the authorization its code (GoTrue's Approve). */
export async function approve(db: Queryable, authorization: AuthorizationRow): Promise<void> {
  const code = authorization.authorization_code ?? newId()
  await db.query(
    `update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2
     where id = $1`,
    [authorization.id, code],
  )
  authorization.status = 'approved'
  authorization.authorization_code = code
}

export async function deny(db: Queryable, authorization: AuthorizationRow): Promise<void> {
  await db.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [authorization.id])
  authorization.status = 'denied'
}

/** Codes are single use: the exchanged authorization is deleted. */
export async function destroy(db: Queryable, authorization: AuthorizationRow): Promise<void> {
  await db.query('delete from auth.oauth_authorizations where id = $1', [authorization.id])
}

/** GoTrue's ParseScopeString: space-separated, empty parts dropped. */
export const scopeList = (scope: string | null | undefined): string[] =>
  (scope ?? '').split(' ').filter((part) => part.trim() !== '')

export interface ConsentRow {
  id: string
  client_id: string
  scopes: string
  granted_at: string
}

export async function findActiveConsent(db: Queryable, userId: string, clientId: string) {
  const { rows } = await db.query<ConsentRow>(
    `select id, client_id, scopes, granted_at from auth.oauth_consents
     where user_id = $1 and client_id = $2 and revoked_at is null limit 1`,
    [userId, clientId],
  )
  return rows[0]
}

export async function activeConsents(db: Queryable, userId: string): Promise<ConsentRow[]> {
  const { rows } = await db.query<ConsentRow>(
    `select id, client_id, scopes, granted_at from auth.oauth_consents
     where user_id = $1 and revoked_at is null order by granted_at desc`,
    [userId],
  )
  return rows
}

/** Records the scopes granted, renewing (and un-revoking) an earlier consent (GoTrue's UpsertOAuthServerConsent). */
export async function upsertConsent(db: Queryable, userId: string, clientId: string, scopes: string[]) {
  await db.query(
    `insert into auth.oauth_consents (id, user_id, client_id, scopes, granted_at) values ($1, $2, $3, $4, now())
     on conflict on constraint oauth_consents_user_client_unique
     do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
    [newId(), userId, clientId, scopes.join(' ')],
  )
}

export async function revokeConsent(db: Queryable, consent: ConsentRow): Promise<void> {
  await db.query('update auth.oauth_consents set revoked_at = now() where id = $1', [consent.id])
}
