// The OAuth 2.1 server's routes, in the order GoTrue v2.189 checks things (internal/api/api.go): every route is
// registered whatever the config, and answers 404 feature_disabled "OAuth server is disabled" while
// [auth.oauth_server] is off — after the admin check on /admin routes and the user check on /user/oauth/grants,
// before anything else on /oauth/* and the authorization-server metadata.
import type { AuthContext } from '../context.ts'
import { notFound } from '../errors.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import { authenticate } from '../tokens/authenticate.ts'
import * as admin from './admin-clients.ts'
import { authorize, supportedScopes } from './authorize.ts'
import { consent, getAuthorization } from './consent.ts'
import { listGrants, revokeGrant, userInfo } from './grants.ts'
import { token } from './token.ts'

function requireEnabled(context: AuthContext): void {
  if (!context.settings.oauthServer.enabled) throw notFound('feature_disabled', 'OAuth server is disabled')
}

/** requireOAuthServerEnabled in front of a handler. */
const enabled =
  (handler: AuthHandler): AuthHandler =>
  async (context, request) => {
    requireEnabled(context)
    await handler(context, request)
  }

/** requireOAuthServerEnabled, then requireAuthentication, then the handler. */
const enabledForUser =
  (handler: AuthHandler): AuthHandler =>
  async (context, request) => {
    requireEnabled(context)
    request.setCaller(await authenticate(context, request))
    await handler(context, request)
  }

/** GoTrue's WellKnownOpenID: one document for OIDC discovery and RFC 8414 server metadata. */
const metadata: AuthHandler = async (context, request) => {
  const issuer = context.externalUrl.replace(/\/+$/, '')
  const { enabled: on, allowDynamicRegistration } = context.settings.oauthServer
  sendJson(
    request.res,
    200,
    {
      issuer: context.externalUrl,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      ...(on && allowDynamicRegistration ? { registration_endpoint: `${issuer}/oauth/clients/register` } : {}),
      scopes_supported: supportedScopes,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256', 'ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      claims_supported: [
        'sub',
        'aud',
        'iss',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
        'name',
        'picture',
        'preferred_username',
        'updated_at',
      ],
      code_challenge_methods_supported: ['S256', 'plain'],
    },
    { 'cache-control': 'public, max-age=600' },
  )
}

type Gate = 'none' | 'user' | 'admin'
type Route = [method: string, path: string, handler: AuthHandler, options: { auth: Gate; operation: string }]

export function oauthServerRoutes(): Route[] {
  const clients = '/admin/oauth/clients'
  return [
    ['GET', '/.well-known/openid-configuration', metadata, { auth: 'none', operation: 'WellKnownOpenID' }],
    [
      'GET',
      '/.well-known/oauth-authorization-server',
      enabled(metadata),
      { auth: 'none', operation: 'WellKnownOpenID' },
    ],
    ['POST', clients, enabled(admin.createClient), { auth: 'admin', operation: 'AdminOAuthServerClientRegister' }],
    ['GET', clients, enabled(admin.listAll), { auth: 'admin', operation: 'OAuthServerClientList' }],
    ['GET', `${clients}/:client_id`, enabled(admin.getOne), { auth: 'admin', operation: 'OAuthServerClientGet' }],
    ['PUT', `${clients}/:client_id`, enabled(admin.update), { auth: 'admin', operation: 'OAuthServerClientUpdate' }],
    ['DELETE', `${clients}/:client_id`, enabled(admin.remove), { auth: 'admin', operation: 'OAuthServerClientDelete' }],
    [
      'POST',
      `${clients}/:client_id/regenerate_secret`,
      enabled(admin.regenerateSecret),
      { auth: 'admin', operation: 'OAuthServerClientRegenerateSecret' },
    ],
    [
      'POST',
      '/oauth/clients/register',
      enabled(admin.registerDynamically),
      { auth: 'none', operation: 'OAuthServerClientDynamicRegister' },
    ],
    ['POST', '/oauth/token', enabled(token), { auth: 'none', operation: 'OAuthToken' }],
    ['GET', '/oauth/userinfo', enabledForUser(userInfo), { auth: 'none', operation: 'OAuthUserInfo' }],
    ['GET', '/oauth/authorize', enabled(authorize), { auth: 'none', operation: 'OAuthServerAuthorize' }],
    [
      'GET',
      '/oauth/authorizations/:authorization_id',
      enabledForUser(getAuthorization),
      { auth: 'none', operation: 'OAuthServerGetAuthorization' },
    ],
    [
      'POST',
      '/oauth/authorizations/:authorization_id/consent',
      enabledForUser(consent),
      { auth: 'none', operation: 'OAuthServerConsent' },
    ],
    ['GET', '/user/oauth/grants', enabled(listGrants), { auth: 'user', operation: 'UserListOAuthGrants' }],
    ['DELETE', '/user/oauth/grants', enabled(revokeGrant), { auth: 'user', operation: 'UserRevokeOAuthGrant' }],
  ]
}
