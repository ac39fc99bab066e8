// The refresh_token grant with GoTrue's rotation rules. Each use revokes the token and issues its child. Reusing a
// revoked token that is the parent of the session's active token returns that active token (the client lost the
// last response, or refreshed twice at once). Any other reuse is allowed within refresh_token_reuse_interval of
// the revocation; after it, the whole token family of the session is revoked and the call fails.
import { setTimeout as sleep } from 'node:timers/promises'
import type pg from 'pg'
import type { AuthContext } from '../context.ts'
import { newRefreshToken } from '../crypto.ts'
import { CommitThenFail, inTransaction, timeMs } from '../db.ts'
import { badRequest, conflict, OAuthError } from '../errors.ts'
import { amrSql, toAmr, type Grant } from '../models/sessions.ts'
import { findUserById, isBanned, nilUuid, type UserRow } from '../models/users.ts'
import { tokenResponse, type TokenResponse } from './access-token.ts'

interface TokenLookup {
  id: string
  revoked: boolean
  session_id: string | null
  user_id: string
  session_exists: boolean
  not_after: string | null
  oauth_client_id: string | null
  scopes: string | null
}

const retryWindowMs = 5000
const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
const alreadyUsed = () => badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')

export async function refreshGrant(context: AuthContext, token: string, grant: Grant): Promise<TokenResponse> {
  if (!token) throw new OAuthError('invalid_request', 'refresh_token required')
  const started = Date.now()
  // Concurrent refreshes of one token wait here, not on row locks, so they do not hold pool connections.
  while (Date.now() - started < retryWindowMs) {
    const found = await lookup(context, token)
    const user = await findUserById(context.db, found.user_id)
    if (!user) throw notFound()
    if (isBanned(user)) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned')
    if (!found.session_exists || !found.session_id) {
      await context.db.query('delete from auth.refresh_tokens where id = $1', [found.id])
      throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    }
    const notAfter = timeMs(found.not_after)
    if (notAfter !== undefined && notAfter < Date.now()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired')
    }
    const result = await inTransaction(context.db, (client) => rotate(context, client, token, user, found, grant))
    if (result) return result
    await sleep(10 + Math.floor(Math.random() * 20))
  }
  throw conflict('conflict', 'Too many concurrent token refresh requests on the same session or refresh token')
}

async function lookup(context: AuthContext, token: string): Promise<TokenLookup> {
  const { rows } = await context.db.query<TokenLookup>(
    `select rt.id, rt.revoked, rt.session_id, rt.user_id, s.id is not null as session_exists, s.not_after,
       s.oauth_client_id, s.scopes
     from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 limit 1`,
    [token],
  )
  const found = rows[0]
  if (!found) throw notFound()
  return found
}

/** One attempt under row locks; undefined when another refresh holds them (the caller retries). */
async function rotate(
  context: AuthContext,
  client: pg.PoolClient,
  token: string,
  user: UserRow,
  found: TokenLookup,
  grant: Grant,
): Promise<TokenResponse | undefined> {
  const locked = await client.query<{ id: string; revoked: boolean; updated_at: string }>(
    `select rt.id, rt.revoked, rt.updated_at from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 for update of rt, s skip locked`,
    [token],
  )
  const row = locked.rows[0]
  if (!row) return undefined
  const sessionId = found.session_id!
  let issued: string | undefined
  if (row.revoked) {
    const active = await client.query<{ token: string; parent: string | null }>(
      `select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false
       order by id desc limit 1`,
      [sessionId],
    )
    if (active.rows[0]?.parent === token) {
      issued = active.rows[0].token
    } else {
      const reuseUntil = (timeMs(row.updated_at) ?? 0) + context.settings.refreshTokenReuseInterval * 1000
      if (Date.now() > reuseUntil) {
        if (context.settings.enableRefreshTokenRotation) {
          await client.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
            [sessionId],
          )
        }
        throw new CommitThenFail(alreadyUsed())
      }
    }
  }
  const swap = issued === undefined
  issued ??= newRefreshToken()
  // An already revoked token (reused inside the interval) keeps its updated_at, so its interval does not restart.
  const { rows } = await client.query<{ authentication_method: string; at: string }>(
    `with old as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and $2::boolean and not revoked
     ), new as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       select $3, $4, $5, false, now(), now(), $6, $7 where $2::boolean
     ), s as (
       update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), user_agent = $8,
         ip = $9::inet where id = $7
     )
     ${amrSql.replace('$1', '$7')}`,
    [row.id, swap, nilUuid, issued, user.id, token, sessionId, grant.userAgent ?? null, grant.ip || null],
  )
  const oauthClient = found.oauth_client_id ? { clientId: found.oauth_client_id, scope: found.scopes ?? '' } : undefined
  return tokenResponse(context, user, sessionId, toAmr(rows), issued, oauthClient)
}
