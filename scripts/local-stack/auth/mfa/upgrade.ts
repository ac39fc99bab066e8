// What a verified MFA factor does to the caller's session (GoTrue's updateMFASessionAndClaims): the factor's AMR
// claim is added, the refresh token rotated, the session marked aal2 for that factor, the user's other aal1
// sessions ended, and a fresh access token (aal2, with the new amr entry) returned.
import type { AuthContext } from '../context.ts'
import { newRefreshToken } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { forbidden } from '../errors.ts'
import { addClaim, loadAmr } from '../models/sessions.ts'
import { nilUuid, reloadUser } from '../models/users.ts'
import type { Caller } from '../tokens/authenticate.ts'
import { tokenResponse, type TokenResponse } from '../tokens/access-token.ts'

export async function upgradeSession(
  context: AuthContext,
  db: Queryable,
  caller: Caller,
  method: 'totp' | 'mfa/webauthn',
  factorId: string,
): Promise<TokenResponse> {
  const session = caller.session
  if (!session) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  await addClaim(db, session.id, method)
  const refreshToken = newRefreshToken()
  await db.query(
    `with active as (
       select id, token from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1
     ), old as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id in (select id from active)
     )
     insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($2, $3, $4, false, now(), now(), (select token from active), $1)`,
    [session.id, nilUuid, refreshToken, caller.user.id],
  )
  await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
    session.id,
    factorId,
  ])
  await db.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [caller.user.id])
  const user = await reloadUser(db, caller.user.id)
  return tokenResponse(context, user, session.id, await loadAmr(db, session.id), refreshToken)
}
