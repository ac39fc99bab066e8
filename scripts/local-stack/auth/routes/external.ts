// The external provider flow of [auth.external.*] (GoTrue's ExternalProviderRedirect and ExternalProviderCallback).
// GET /authorize writes a flow state (for the PKCE and the implicit flow alike; its id is the OAuth `state`) and
// answers 302 to the provider. GET or POST /callback loads that state, exchanges the provider's code, reads the
// user, finds or creates the account (external/linking.ts) and answers 302 to the flow's redirect_to with ?code=
// (PKCE, exchanged later at /token?grant_type=pkce) or the session in the fragment (implicit). Failures after the
// state is known go to redirect_to with error, error_code and error_description in the query and the fragment; a
// missing, unknown or expired state goes to site_url with the error in the query (303).
import type { AuthContext } from '../context.ts'
import { inTransaction, timeMs } from '../db.ts'
import { AuthError, badRequest, OAuthError } from '../errors.ts'
import { accountFromExternalIdentity } from '../external/linking.ts'
import { authCodeUrl, exchangeCode, type ProviderToken } from '../external/oauth-client.ts'
import { encodeSorted, oauthErrors } from '../http/redirect-query.ts'
import { buildProvider, type ExternalProvider, type UserData } from '../external/providers.ts'
import type { AuthHandler, AuthRequest } from '../http/request.ts'
import {
  completeOAuthFlowState,
  createOAuthFlowState,
  findOAuthFlowState,
  type OAuthFlowStateRow,
} from '../models/flow-state.ts'
import { isUuid } from '../models/users.ts'
import { issueSession } from '../tokens/issue.ts'
import { pkceParams, referrer } from '../validate.ts'
import { oauthProviders } from './health.ts'
import { grantOf } from './shared.ts'

/** Parameters the auth server controls; the rest of /authorize's query goes to the provider (nonce included). */
const reservedParams = [
  'client_id',
  'client_secret',
  'redirect_uri',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'code_verifier',
]

/** GoTrue's Provider(): a provider from [auth.external.<name>], or 400 "Unsupported provider: ...". */
function providerFor(context: AuthContext, rawName: string, scopes: string): ExternalProvider {
  const name = rawName.toLowerCase()
  if (!oauthProviders.includes(name)) {
    throw badRequest('validation_failed', `Unsupported provider: Provider ${name} could not be found`)
  }
  try {
    return buildProvider(name, context.settings.externalProviders?.[name], `${context.externalUrl}/callback`, scopes)
  } catch (error) {
    throw badRequest('validation_failed', `Unsupported provider: ${(error as Error).message}`)
  }
}

export const authorize: AuthHandler = async (context, request) => {
  const query = request.query
  const providerType = query.get('provider') ?? ''
  const provider = providerFor(context, providerType, query.get('scopes') ?? '')
  if ((query.get('invite_token') ?? '') !== '') {
    throw badRequest('validation_failed', 'invite_token is not supported by the local stack')
  }
  const redirectTo = referrer(request, context.settings)
  const challenge = query.get('code_challenge') ?? ''
  const pkce = pkceParams(challenge, query.get('code_challenge_method') ?? '')
  const extra: Record<string, string> = {}
  for (const key of new Set(query.keys())) {
    const lower = key.toLowerCase()
    if (key === 'scopes' || key === 'provider' || reservedParams.includes(lower)) continue
    extra[key === 'workos_provider' ? 'provider' : key] = query.get(key) ?? ''
  }
  const state = await createOAuthFlowState(context.db, {
    providerType,
    challenge,
    method: pkce.method,
    referrer: redirectTo,
    emailOptional: provider.emailOptional,
  })
  found(request, authCodeUrl(provider, state, extra))
}

function found(request: AuthRequest, location: string): void {
  request.res.writeHead(302, { location, 'content-length': 0 })
  request.res.end()
}

/** GET query, or a POSTed form with the query behind it (Go's r.Form). */
async function callbackParams(request: AuthRequest): Promise<URLSearchParams> {
  if (request.method !== 'POST') return request.query
  const type = request.header('content-type') ?? ''
  const merged = new URLSearchParams()
  if (type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams((await request.rawBody()).toString('utf8'))) {
      merged.append(key, value)
    }
  }
  for (const [key, value] of request.query) merged.append(key, value)
  return merged
}

const accessDenied = new Set(['signup_disabled', 'user_banned', 'provider_email_needs_verification'])

/** GoTrue's getErrorQueryString. */
function errorParams(error: unknown): Record<string, string> {
  if (error instanceof OAuthError) return { error: error.error, error_description: error.description }
  if (error instanceof AuthError) {
    const kind = accessDenied.has(error.code) ? 'access_denied' : (oauthErrors[error.status] ?? 'server_error')
    return { error: kind, error_description: error.message, error_code: error.code }
  }
  process.stderr.write(`[auth] /callback: ${(error as Error)?.stack ?? String(error)}\n`)
  return { error: 'server_error', error_description: (error as Error)?.message ?? String(error) }
}

/** `target` with the params merged into its query (re-encoded, sorted), as Go's url.Values does. */
function withQuery(target: string, params: Record<string, string>): URL {
  const url = new URL(target)
  const merged: Record<string, string> = Object.fromEntries(url.searchParams)
  Object.assign(merged, params)
  url.search = encodeSorted(merged)
  return url
}

/** loadFlowState's failure: 303 to site_url with the error in the query. */
class StateError extends Error {
  constructor(readonly error: AuthError) {
    super(error.message)
  }
}

async function loadState(context: AuthContext, params: URLSearchParams): Promise<OAuthFlowStateRow> {
  const state = params.get('state') ?? ''
  if (state === '') throw new StateError(badRequest('bad_oauth_callback', 'OAuth state parameter missing'))
  if (!isUuid(state)) throw new StateError(badRequest('bad_oauth_state', 'OAuth state parameter is invalid'))
  const flow = await findOAuthFlowState(context.db, state)
  if (!flow) throw new StateError(badRequest('bad_oauth_state', 'OAuth state not found or expired'))
  if (Date.now() > (timeMs(flow.created_at) ?? 0) + context.flowStateExpiry * 1000) {
    throw new StateError(badRequest('bad_oauth_state', 'OAuth state has expired'))
  }
  if (flow.code_challenge && flow.user_id !== null) {
    throw new StateError(badRequest('flow_state_already_used', 'State has already been used'))
  }
  return flow
}

export const callback: AuthHandler = async (context, request) => {
  const params = await callbackParams(request)
  let flow: OAuthFlowStateRow
  try {
    flow = await loadState(context, params)
  } catch (error) {
    if (!(error instanceof StateError)) throw error
    const url = withQuery(context.settings.siteUrl, errorParams(error.error))
    request.res.writeHead(303, { location: url.toString(), 'content-length': 0 })
    request.res.end()
    return
  }
  const target = flow.referrer || context.settings.siteUrl
  try {
    found(request, await completeCallback(context, request, params, flow, target))
  } catch (error) {
    const errorQuery = errorParams(error)
    const url = withQuery(target, errorQuery)
    url.hash = encodeSorted({ ...errorQuery, sb: '' })
    found(request, url.toString())
  }
}

async function providerUser(
  context: AuthContext,
  params: URLSearchParams,
  providerType: string,
): Promise<{ userData: UserData; token: ProviderToken }> {
  const providerError = params.get('error') ?? ''
  if (providerError !== '') throw new OAuthError(providerError, params.get('error_description') ?? '')
  const code = params.get('code') ?? ''
  if (code === '') {
    throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code missing')
  }
  let provider: ExternalProvider
  try {
    provider = providerFor(context, providerType, '')
  } catch (error) {
    throw badRequest('oauth_provider_not_supported', (error as AuthError).message)
  }
  let token: ProviderToken
  try {
    token = await exchangeCode(provider, code)
  } catch (cause) {
    throw new AuthError(500, 'unexpected_failure', `Unable to exchange external code: ${code}`, {}, { cause })
  }
  try {
    return { userData: await provider.userData(token), token }
  } catch (cause) {
    throw new AuthError(500, 'unexpected_failure', 'Error getting user profile from external provider', {}, { cause })
  }
}

/** internalExternalProviderCallback: the URL to redirect to on success. */
async function completeCallback(
  context: AuthContext,
  request: AuthRequest,
  params: URLSearchParams,
  flow: OAuthFlowStateRow,
  target: string,
): Promise<string> {
  const providerType = flow.provider_type
  const { userData, token } = await providerUser(context, params, providerType)
  if (userData.emails.length === 0 && !flow.email_optional) {
    throw new AuthError(500, 'unexpected_failure', 'Error getting user email from external provider')
  }
  // The claims carry the primary address (or the last one) and whether the provider verified it.
  userData.metadata.email_verified = false
  for (const email of userData.emails) {
    userData.metadata.email = email.email
    userData.metadata.email_verified = email.verified
    if (email.primary) break
  }
  const pkce = Boolean(flow.code_challenge)
  const outcome = await inTransaction(context.db, async (db) => {
    const { user } = await accountFromExternalIdentity(
      context,
      db,
      userData,
      providerType,
      flow.email_optional,
      referrer(request, context.settings),
    )
    if (pkce) {
      const locked = await findOAuthFlowState(db, flow.id, true)
      if (!locked) throw new OAuthError('server_error', 'Flow state not found')
      if (locked.user_id !== null) throw badRequest('flow_state_already_used', 'State has already been used')
      await completeOAuthFlowState(db, flow.id, user.id, token)
      return { kind: 'code' as const, code: locked.auth_code ?? '' }
    }
    try {
      const tokens = await issueSession(context, db, user, 'oauth', grantOf(request))
      await db.query('delete from auth.flow_state where id = $1', [flow.id])
      return { kind: 'tokens' as const, tokens }
    } catch (error) {
      throw new OAuthError('server_error', (error as Error).message)
    }
  })
  if (outcome.kind === 'code') return withQuery(target, { code: outcome.code }).toString()
  const t = outcome.tokens
  const fragment: Record<string, string> = { provider_token: token.accessToken }
  if (token.refreshToken !== '') fragment.provider_refresh_token = token.refreshToken
  fragment.access_token = t.access_token
  fragment.token_type = t.token_type
  fragment.expires_in = String(t.expires_in)
  fragment.expires_at = String(t.expires_at)
  fragment.refresh_token = t.refresh_token
  return `${target}#${encodeSorted(fragment)}`
}
