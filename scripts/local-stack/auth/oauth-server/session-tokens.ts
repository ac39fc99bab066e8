// Tokens for an OAuth client, as GoTrue v2.189 issues them: a session that records the client and the granted
// scopes (auth.sessions oauth_client_id, scopes), an access token with the usual claims plus `client_id` and `scope`,
// and, when `openid` was granted, an ID token for the client (only with an asymmetric signing key, as GoTrue refuses
// to sign one with HS256). Sessions, refresh tokens and rotation are the Auth service's own.
import type { AuthContext } from '../context.ts'
import { timeMs, type Queryable } from '../db.ts'
import { AuthError } from '../errors.ts'
import type { Grant } from '../models/sessions.ts'
import type { UserRow } from '../models/users.ts'
import { issueSession } from '../tokens/issue.ts'
import type { TokenResponse } from '../tokens/access-token.ts'
import { scopeList } from './authorizations.ts'

/** GoTrue's AMR method for sessions begun by an authorization code exchange. */
export const oauthCodeMethod = 'oauth_provider/authorization_code'

/** GoTrue's token response for OAuth clients: no user, no expires_at; keys sorted, as Go marshals a map. */
export function oauthTokenJson(tokens: TokenResponse, idToken?: string): Record<string, unknown> {
  return {
    access_token: tokens.access_token,
    expires_in: tokens.expires_in,
    ...(idToken ? { id_token: idToken } : {}),
    refresh_token: tokens.refresh_token,
    token_type: tokens.token_type,
  }
}

/** A new session for the client, inside the caller's transaction: its access token names the client and scopes. */
export function issueClientSession(
  context: AuthContext,
  tx: Queryable,
  user: UserRow,
  clientId: string,
  scope: string,
  grant: Grant,
): Promise<TokenResponse> {
  return issueSession(context, tx, user, oauthCodeMethod, grant, { clientId, scope })
}

/** GoTrue's GenerateIDToken: claims filtered by the granted scopes, valid for an hour, the client as audience. */
export function idToken(context: AuthContext, user: UserRow, clientId: string, scope: string, nonce: string | null) {
  if (context.keys.jwks().keys.length === 0) {
    // GoTrue fails the exchange here (after the session was created) when tokens are signed with HS256.
    throw new AuthError(500, 'unexpected_failure', 'Error generating ID token')
  }
  const scopes = scopeList(scope)
  const issuedAt = Math.floor(Date.now() / 1000)
  const metadata = user.raw_user_meta_data ?? {}
  const text = (key: string) => (typeof metadata[key] === 'string' && metadata[key] !== '' ? metadata[key] : '')
  const claims: Record<string, unknown> = {
    iss: context.externalUrl,
    sub: user.id,
    aud: [clientId],
    exp: issuedAt + 3600,
    iat: issuedAt,
  }
  if (nonce) claims.nonce = nonce
  // The user has just signed in: GoTrue's auth_time is the last_sign_in_at the exchange set.
  claims.auth_time = issuedAt
  if (scopes.includes('email') && user.email) claims.email = user.email
  claims.email_verified = scopes.includes('email') && user.email_confirmed_at !== null
  if (scopes.includes('phone') && user.phone) claims.phone_number = user.phone
  claims.phone_number_verified = scopes.includes('phone') && user.phone_confirmed_at !== null
  if (scopes.includes('profile')) {
    const name = text('name') || user.email || ''
    if (name) claims.name = name
    const picture = text('picture') || text('avatar_url')
    if (picture) claims.picture = picture
    const updatedAt = timeMs(user.updated_at)
    if (updatedAt) claims.updated_at = Math.floor(updatedAt / 1000)
    const username = text('preferred_username') || text('username')
    if (username) claims.preferred_username = username
  }
  claims.client_id = clientId
  return context.keys.sign(claims)
}
