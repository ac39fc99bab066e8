// GET /oauth/authorize: an app sends its user here to ask for access (GoTrue v2.189's OAuthServerAuthorize). A bad
// client_id or redirect_uri is answered in JSON (the redirect cannot be trusted); every later problem is sent back to
// the app's redirect_uri as an OAuth error. A valid request is stored as a pending authorization and the browser
// goes on to the site's consent page ([auth.oauth_server] authorization_url_path) with its authorization_id.
import type { ServerResponse } from 'node:http'
import { badRequest } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'
import { encodeSorted } from '../http/redirect-query.ts'
import { insertAuthorization, scopeList, type AuthorizationRow } from './authorizations.ts'
import { parseGoUuid } from './client-params.ts'
import { findClient, listOf } from './clients.ts'

/** GoTrue's defaults, which the CLI does not change: GOTRUE_OAUTH_SERVER_AUTHORIZATION_TTL and _DEFAULT_SCOPE. */
export const authorizationTtlSeconds = 600
const defaultScope = 'email'
export const supportedScopes = ['openid', 'profile', 'email', 'phone']

export function found(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'content-length': 0 })
  res.end()
}

/** The redirect URI with `params` set in its query, re-encoded as Go's url.Values.Encode does. */
export function withQuery(redirectUri: string, params: Record<string, string>): string {
  const url = new URL(redirectUri)
  const query: Record<string, string> = Object.fromEntries(url.searchParams)
  Object.assign(query, params)
  url.search = encodeSorted(query)
  return url.toString()
}

export function errorRedirect(redirectUri: string, error: string, description: string, state: string): string {
  return withQuery(redirectUri, { error, error_description: description, ...(state ? { state } : {}) })
}

export function successRedirect(authorization: AuthorizationRow): string {
  const params: Record<string, string> = {}
  if (authorization.authorization_code) params.code = authorization.authorization_code
  if (authorization.state) params.state = authorization.state
  return withQuery(authorization.redirect_uri, params)
}

/** validateRemainingAuthorizeParams: the reason the request is refused, or undefined. */
function requestProblem(responseType: string, scope: string, resource: string, challenge: string, method: string) {
  if (responseType !== 'code') return 'only response_type=code is supported'
  const scopes = scopeList(scope)
  if (scopes.length === 0) return 'scope parameter cannot be empty'
  const unsupported = scopes.find((s) => !supportedScopes.includes(s))
  if (unsupported) return `unsupported scope: ${unsupported}`
  if (resource !== '') {
    const absolute = /^[a-z][a-z0-9+.-]*:/i.test(resource)
    if (!absolute) return 'resource must be an absolute URI'
    if (resource.includes('#') && resource.split('#')[1] !== '') {
      return 'resource must not include a fragment component'
    }
    if (/\?[^#]/.test(resource)) return 'resource must not include a query component'
  }
  if (challenge === '' || method === '') return 'PKCE flow requires both code_challenge and code_challenge_method'
  if (method.toLowerCase() !== 's256' && method.toLowerCase() !== 'plain') {
    return "code_challenge_method must be 'S256' or 'plain'"
  }
  if (challenge.length < 43 || challenge.length > 128) return 'code_challenge must be between 43 and 128 characters'
  return undefined
}

export const authorize: AuthHandler = async (context, request) => {
  const q = (name: string) => request.query.get(name) ?? ''
  const clientIdText = q('client_id')
  const redirectUri = q('redirect_uri')
  if (clientIdText === '') throw badRequest('validation_failed', 'client_id is required')
  if (redirectUri === '') throw badRequest('validation_failed', 'redirect_uri is required')
  const clientId = parseGoUuid(clientIdText)
  if (!clientId) throw badRequest('oauth_client_not_found', 'invalid client_id format')
  const client = await findClient(context.db, clientId)
  if (!client) throw badRequest('oauth_client_not_found', 'invalid client_id')
  // Exact string matching, as OAuth 2.1 asks.
  if (!listOf(client.redirect_uris).includes(redirectUri)) throw badRequest('validation_failed', 'invalid redirect_uri')

  const state = q('state')
  const scope = q('scope') || defaultScope
  const problem = requestProblem(
    q('response_type') || 'code',
    scope,
    q('resource'),
    q('code_challenge'),
    q('code_challenge_method'),
  )
  if (problem) return found(request.res, errorRedirect(redirectUri, 'invalid_request', problem, state))

  let authorization: AuthorizationRow
  try {
    authorization = await insertAuthorization(context.db, {
      clientId: client.id,
      redirectUri,
      scope,
      state,
      resource: q('resource'),
      codeChallenge: q('code_challenge'),
      codeChallengeMethod: q('code_challenge_method'),
      nonce: q('nonce'),
      ttlSeconds: authorizationTtlSeconds,
    })
  } catch {
    // GoTrue sends any failure to store the request (a state over 4096 characters, ...) back to the app.
    return found(request.res, errorRedirect(redirectUri, 'server_error', 'error creating authorization', state))
  }
  const path = context.settings.oauthServer.authorizationUrlPath
  if (path === '') {
    return found(
      request.res,
      errorRedirect(redirectUri, 'server_error', 'oauth authorization path not configured', state),
    )
  }
  const base = context.settings.siteUrl.replace(/\/+$/, '')
  found(
    request.res,
    `${base}${path.startsWith('/') ? '' : '/'}${path}?authorization_id=${authorization.authorization_id}`,
  )
}
