// The access token GoTrue issues and the session response around it: claims in GoTrue's order (iss, sub, aud, exp,
// iat, email, phone, app_metadata, user_metadata, role, aal, amr, session_id, is_anonymous), signed by the stack's
// keys (HS256 with the local secret, or the configured RS256/ES256 key with its kid).
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

export function accessToken(context: AuthContext, user: UserRow, sessionId: string, amr: AmrEntry[]) {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiresAt = issuedAt + context.settings.jwtExpiry
  const claims = {
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
  return { token: context.keys.sign(claims), expiresAt }
}

export function tokenResponse(
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
): TokenResponse {
  const { token, expiresAt } = accessToken(context, user, sessionId, amr)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: context.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}
