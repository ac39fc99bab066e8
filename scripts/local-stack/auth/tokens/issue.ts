// Signing a user in: a new session, its first refresh token and AMR claim, then the access token. Every grant
// (password, verify, PKCE, anonymous, passkey) ends here, as GoTrue's IssueRefreshToken.
import type { AuthContext } from '../context.ts'
import type { Queryable } from '../db.ts'
import { createSession, type Grant } from '../models/sessions.ts'
import type { UserRow } from '../models/users.ts'
import { tokenResponse, type TokenResponse } from './access-token.ts'

/** `method` is the AMR method the session was established with ("password", "otp", "passkey", ...). */
export async function issueSession(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  method: string,
  grant: Grant,
): Promise<TokenResponse> {
  const session = await createSession(db, user.id, method, grant)
  const signedIn: UserRow = { ...user, last_sign_in_at: session.lastSignInAt, updated_at: session.updatedAt }
  return tokenResponse(
    context,
    signedIn,
    session.sessionId,
    [{ method, timestamp: session.amrAt }],
    session.refreshToken,
  )
}
