// The access token GoTrue issues and the session response around it: claims in GoTrue's order (iss, sub, aud, exp,
// iat, email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous), signed by the stack's
// keys (HS256 with the local secret, or the configured RS256/ES256 key with its kid). A session of an OAuth client
// (auth.sessions oauth_client_id) adds `client_id` and the granted `scope` after is_anonymous, as GoTrue does.
import type { AuthContext } from '../context.ts'
import { aalOf, type AmrEntry } from '../models/sessions.ts'
import { userJson } from '../models/serialize.ts'
import type { UserRow } from '../models/users.ts'

export interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Record<string, unknown>
  weak_password?: { message: string; reasons: string[] }
}

/** The OAuth client a session was issued to (auth.sessions oauth_client_id) and the scopes it was granted. */
export interface SessionClient {
  clientId: string
  scope: string
}

export function accessToken(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  client?: SessionClient,
) {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + context.settings.jwtExpiry
  const claims: Record<string, unknown> = {
    iss: context.externalUrl,
    sub: user.id,
    aud: user.aud ?? '',
    exp: expiresAt,
    iat: issuedAt,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: user.role ?? '',
    aal: aalOf(amr),
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  if (client) {
    claims.client_id = client.clientId
    if (client.scope) claims.scope = client.scope
  }
  return { token: context.keys.sign(claims), expiresAt }
}

export function tokenResponse(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
  client?: SessionClient,
): TokenResponse {
  const { token, expiresAt } = accessToken(context, user, sessionId, amr, client)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: context.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}
