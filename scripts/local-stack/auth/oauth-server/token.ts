// POST /oauth/token (GoTrue v2.189's OAuthToken): an authenticated client exchanges an approved code, with its PKCE
// verifier, for a session of the user; or refreshes a session it holds. Failures are OAuth errors (400 with
// `error` and `error_description`). The code is locked while it is exchanged, so a replayed code gets no second
// session (GoTrue's later fix, FindOAuthServerAuthorizationByIDForUpdate).
import { createHash, timingSafeEqual } from 'node:crypto'
import type { AuthContext } from '../context.ts'
import { inTransaction } from '../db.ts'
import { OAuthError } from '../errors.ts'
import type { AuthHandler, AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import { findUserById, isBanned } from '../models/users.ts'
import { refreshGrant } from '../tokens/refresh.ts'
import { findByCode, isExpired, scopeList, type AuthorizationRow } from './authorizations.ts'
import { authenticateClient, readTokenBody } from './client-auth.ts'
import { allowsGrant, type ClientRow } from './clients.ts'
import { idToken, issueClientSession, oauthTokenJson } from './session-tokens.ts'

type Values = Record<string, unknown>

function param(values: Values, key: string): string {
  const value = values[key]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') throw new OAuthError('invalid_request', 'Invalid JSON body')
  return value
}

const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))

/** security.VerifyPKCEChallenge, as the authorization's check (no challenge stored: nothing to verify). */
function pkceProblem(authorization: AuthorizationRow, verifier: string): string | undefined {
  if (!authorization.code_challenge) return undefined
  if (verifier === '') return 'code_verifier is required when PKCE challenge is present'
  const expected =
    authorization.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : authorization.code_challenge_method === 'plain'
        ? verifier
        : undefined
  if (expected === undefined) return 'code challenge method not supported'
  if (!equal(authorization.code_challenge, expected)) {
    return 'code challenge does not match previously saved code verifier'
  }
  return undefined
}

async function exchangeCode(
  context: AuthContext,
  request: AuthRequest,
  client: ClientRow,
  values: Values,
  json: boolean,
) {
  const code = param(values, 'code')
  if (code === '') throw new OAuthError('invalid_request', 'code is required for authorization_code grant')
  const authorization = await findByCode(context.db, code)
  if (!authorization) throw new OAuthError('invalid_grant', 'Invalid authorization code')
  if (isExpired(authorization)) throw new OAuthError('invalid_grant', 'Authorization code has expired')
  if (authorization.client_id !== client.id) {
    throw new OAuthError('invalid_grant', 'Authorization code was not issued for this client')
  }
  // GoTrue reads `resource` from JSON bodies only.
  const resource = json ? param(values, 'resource') : ''
  if (resource !== '' && resource !== (authorization.resource ?? '')) {
    throw new OAuthError('invalid_grant', 'Authorization code resource does not match the resource parameter')
  }
  const redirectUri = param(values, 'redirect_uri')
  if (redirectUri !== '' && redirectUri !== authorization.redirect_uri) {
    throw new OAuthError('invalid_grant', 'Invalid redirect_uri')
  }
  const pkce = pkceProblem(authorization, param(values, 'code_verifier'))
  if (pkce) throw new OAuthError('invalid_grant', `PKCE verification failed: ${pkce}`)
  if (!authorization.user_id) throw new OAuthError('invalid_grant', 'Authorization code has no associated user')
  const user = await findUserById(context.db, authorization.user_id)
  if (!user) throw new OAuthError('invalid_grant', 'User not found for authorization code')
  if (isBanned(user)) throw new OAuthError('access_denied', 'User is banned')

  const tokens = await inTransaction(context.db, async (tx) => {
    const locked = await tx.query('select 1 from auth.oauth_authorizations where id = $1 for update skip locked', [
      authorization.id,
    ])
    if (locked.rowCount === 0) throw new OAuthError('invalid_grant', 'Invalid authorization code')
    const issued = await issueClientSession(context, tx, user, client.id, authorization.scope, {
      userAgent: request.userAgent,
      ip: request.ip,
    })
    await tx.query('delete from auth.oauth_authorizations where id = $1', [authorization.id])
    return issued
  })
  const openid = scopeList(authorization.scope).includes('openid')
  const id = openid ? idToken(context, user, client.id, authorization.scope, authorization.nonce) : undefined
  sendJson(request.res, 200, oauthTokenJson(tokens, id))
}

/** The OAuth client of the session a refresh token belongs to (undefined: no such token or session). */
async function sessionOf(context: AuthContext, refreshToken: string) {
  const { rows } = await context.db.query<{ oauth_client_id: string | null }>(
    `select s.oauth_client_id from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 limit 1`,
    [refreshToken],
  )
  return rows[0]
}

/** POST /token refreshes only sessions without a client: an OAuth client's session needs its client (GoTrue). */
export async function refuseClientSession(context: AuthContext, refreshToken: string): Promise<void> {
  if (refreshToken === '') return
  const session = await sessionOf(context, refreshToken)
  if (session?.oauth_client_id) {
    throw new OAuthError('invalid_client', 'Client authentication required for OAuth session')
  }
}

async function refresh(context: AuthContext, request: AuthRequest, client: ClientRow, values: Values) {
  const token = param(values, 'refresh_token')
  if (token === '') throw new OAuthError('invalid_request', 'refresh_token is required for refresh_token grant')
  // The session must belong to this client (GoTrue checks it once the token is found; unknown tokens fail below).
  const session = await sessionOf(context, token)
  if (session && session.oauth_client_id === null) {
    throw new OAuthError('invalid_client', 'Client authentication not allowed for non-OAuth session')
  }
  if (session && session.oauth_client_id !== client.id) {
    throw new OAuthError('invalid_client', "Client does not match the session's OAuth client")
  }
  // The session's client and scopes go into the new access token with the refresh itself.
  const tokens = await refreshGrant(context, token, { userAgent: request.userAgent, ip: request.ip })
  sendJson(request.res, 200, oauthTokenJson(tokens))
}

export const token: AuthHandler = async (context, request) => {
  const body = await readTokenBody(request)
  const client = await authenticateClient(context, request, body)
  if (!body.values) throw new OAuthError('invalid_request', 'Invalid JSON body')
  const grantType = param(body.values, 'grant_type')
  if (grantType === '') throw new OAuthError('invalid_request', 'grant_type is required')
  if (!allowsGrant(client, grantType)) {
    throw new OAuthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grantType}`)
  }
  if (grantType === 'authorization_code') return exchangeCode(context, request, client, body.values, body.json)
  if (grantType === 'refresh_token') return refresh(context, request, client, body.values)
  throw new OAuthError('unsupported_grant_type', `Unsupported grant type: ${grantType}`)
}
