// Signing a user in: a new session, its first refresh token and AMR claim, then the access token. Every grant
// (password, verify, PKCE, anonymous, passkey) ends here, as GoTrue's IssueRefreshToken.
import type { AuthContext } from '../context.ts'
import type { Queryable } from '../db.ts'
import { createSession, type Grant } from '../models/sessions.ts'
import type { UserRow } from '../models/users.ts'
import { tokenResponse, type SessionClient, type TokenResponse } from './access-token.ts'

/**
 * `method` is the AMR method the session was established with ("password", "otp", "passkey", ...); `client`, the
 * OAuth client a session is issued to by an authorization code exchange, recorded on the session.
 */
export async function issueSession(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  method: string,
  grant: Grant,
  client?: SessionClient,
): Promise<TokenResponse> {
  const session = await createSession(db, user.id, method, grant)
  if (client) {
    await db.query('update auth.sessions set oauth_client_id = $2, scopes = $3 where id = $1', [
      session.sessionId,
      client.clientId,
      client.scope || null,
    ])
  }
  const signedIn: UserRow = { ...user, last_sign_in_at: session.lastSignInAt, updated_at: session.updatedAt }
  return tokenResponse(
    context,
    signedIn,
    session.sessionId,
    [{ method, timestamp: session.amrAt }],
    session.refreshToken,
    client,
  )
}
