// POST /token?grant_type=id_token: signing in with an OpenID Connect ID token a native SDK obtained (Sign in with
// Apple, Google One Tap, ...), as GoTrue v2.189's IdTokenGrant (internal/api/token_oidc.go) does it:
//
// 1. the body (IdTokenGrantParams): `id_token` required, then `provider` or both `client_id` and `issuer`
//    (OAuth-style 400 `{error: "invalid request", error_description}`); `link_identity` needs a user's token;
// 2. the provider, in getProvider's order: apple (by name or issuer, the issuer read from the unverified token),
//    google, azure (likewise), facebook (never checks the nonce), keycloak (by name, or by its `url` as issuer
//    when enabled), kakao, vercel_marketplace, snapchat, `custom:<identifier>` (a row of auth.custom_oauth_providers,
//    which GoTrue enables by default), anything else "Custom OIDC provider … not allowed"; then 400
//    `provider_disabled` "Provider (issuer "…") is not enabled" when its `[auth.external.*]` section is off;
// 3. the issuer's discovery document and keys (go-oidc's NewProvider and verifier: signature, issuer, expiry, and
//    at_hash when an access token is given); any failure there is "Bad ID token", a discovery that fails 500;
// 4. the subject, the audience (one of the provider's client ids) and the nonce (sha256 hex of the one sent);
// 5. the account, found, linked or created as an OAuth callback does, and a session with the `oauth` AMR method.
//
// Real Google, Apple, Azure, Facebook, Kakao, Snapchat and Vercel tokens cannot be verified offline (their discovery
// documents are fetched from the provider, as GoTrue fetches them); Keycloak (its `url`) and custom OIDC providers
// (their issuer) can point at any issuer, which is how the tests sign users in.
import { createHash } from 'node:crypto'
import type { ExternalProviderSettings } from '../../config/index.ts'
import type { AuthContext } from '../context.ts'
import { CommitThenFail, inTransaction } from '../db.ts'
import { AuthError, badRequest, OAuthError } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import { authenticate } from '../tokens/authenticate.ts'
import { issueSession } from '../tokens/issue.ts'
import { grantOf } from '../routes/shared.ts'
import { referrer } from '../validate.ts'
import { verifySignedJwt } from './id-token.ts'
import { accountFromExternalIdentity, linkIdentityToUser } from './linking.ts'
import { claims as presentClaims, type UserData } from './providers.ts'

const issuerGoogle = 'https://accounts.google.com'
const issuerFacebook = 'https://www.facebook.com'
const issuerKakao = 'https://kauth.kakao.com'
const issuerVercelMarketplace = 'https://marketplace.vercel.com'
const issuerSnapchat = 'https://accounts.snapchat.com/accounts/oauth2/token'
const appleIssuers = ['https://appleid.apple.com', 'https://account.apple.com']
const azureIssuer = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/

/** The provider a request names, as GoTrue's getProvider settles it. */
interface ChosenProvider {
  type: string
  issuer: string
  clientIds: string[]
  skipNonceCheck: boolean
  emailOptional: boolean
  /** Apple: go-oidc's insecure issuer URL context, no issuer or client id check in the verifier. */
  apple: boolean
}

/** Go's %q for the strings GoTrue quotes in its messages. */
export function goQuote(value: string): string {
  let out = '"'
  for (const ch of value) {
    const code = ch.codePointAt(0)!
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`
    else out += ch
  }
  return `${out}"`
}

/** The `iss` of a token read without verifying it (DetectAppleIDTokenIssuer, DetectAzureIDTokenIssuer). */
function detectIssuer(idToken: string): string {
  const parts = idToken.split('.')
  if (parts.length !== 3) throw new Error('invalid ID token')
  const payload = parts[1]!
  // base64.RawURLEncoding: the URL alphabet, no padding.
  if (!/^[A-Za-z0-9_-]*$/.test(payload) || payload.length % 4 === 1) throw new Error('invalid ID token')
  const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
  if (value === null) return ''
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error('invalid ID token')
  const iss = (value as Record<string, unknown>).iss
  if (iss === undefined || iss === null) return ''
  if (typeof iss !== 'string') throw new Error('invalid ID token')
  return iss
}

function configured(context: AuthContext, name: string): ExternalProviderSettings | undefined {
  return context.settings.externalProviders[name]
}

const validationFailed = (message: string) => badRequest('validation_failed', message)

async function chooseProvider(
  context: AuthContext,
  provider: string,
  issuer: string,
  idToken: string,
): Promise<ChosenProvider> {
  const named = (
    type: string,
    tokenIssuer: string,
    settings: ExternalProviderSettings | undefined,
    extra: Partial<ChosenProvider> = {},
  ) => {
    if (!settings?.enabled) {
      throw badRequest('provider_disabled', `Provider (issuer ${goQuote(tokenIssuer)}) is not enabled`)
    }
    return {
      type,
      issuer: tokenIssuer,
      clientIds: [...settings.clientId],
      skipNonceCheck: settings.skipNonceCheck,
      emailOptional: settings.emailOptional,
      apple: false,
      ...extra,
    }
  }
  if (provider === 'apple' || appleIssuers.includes(issuer)) {
    let detected: string
    try {
      detected = detectIssuer(idToken)
    } catch {
      throw validationFailed('Unable to detect issuer in ID token for Apple provider')
    }
    if (!appleIssuers.includes(detected)) {
      throw validationFailed('Detected ID token issuer is not an Apple ID token issuer')
    }
    if (issuer !== '' && issuer !== detected) throw validationFailed('Provided issuer does not match ID token issuer')
    // GOTRUE_EXTERNAL_IOS_BUNDLE_ID, which the CLI does not set, would be one more client id.
    return named('apple', detected, configured(context, 'apple'), { apple: true })
  }
  if (provider === 'google' || issuer === issuerGoogle) {
    return named('google', issuerGoogle, configured(context, 'google'))
  }
  if (provider === 'azure' || azureIssuer.test(issuer)) {
    let detected: string
    try {
      detected = detectIssuer(idToken)
    } catch {
      throw validationFailed('Unable to detect issuer in ID token for Azure provider')
    }
    if (
      !detected.startsWith('https://login.microsoftonline.com/') &&
      !detected.startsWith('https://sts.windows.net/')
    ) {
      throw validationFailed('Detected ID token issuer is not an Azure ID token issuer')
    }
    if (issuer !== '' && issuer !== detected) throw validationFailed('Provided issuer does not match ID token issuer')
    return named('azure', detected, configured(context, 'azure'))
  }
  if (provider === 'facebook' || issuer === issuerFacebook) {
    // Facebook Limited Login: GoTrue never checks the nonce.
    return named('facebook', issuerFacebook, configured(context, 'facebook'), { skipNonceCheck: true })
  }
  const keycloak = configured(context, 'keycloak')
  if (provider === 'keycloak' || (keycloak?.enabled && keycloak.url !== '' && issuer === keycloak.url)) {
    return named('keycloak', keycloak?.url ?? '', keycloak)
  }
  if (provider === 'kakao' || issuer === issuerKakao) return named('kakao', issuerKakao, configured(context, 'kakao'))
  if (provider === 'vercel_marketplace' || issuer === issuerVercelMarketplace) {
    return named('vercel_marketplace', issuerVercelMarketplace, configured(context, 'vercel_marketplace'))
  }
  if (provider === 'snapchat' || issuer === issuerSnapchat) {
    return named('snapchat', issuerSnapchat, configured(context, 'snapchat'))
  }
  if (provider.startsWith('custom:')) return customProvider(context, provider)
  // GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS defaults to Apple's and Google's issuers, both taken above.
  throw validationFailed(`Custom OIDC provider ${goQuote(provider)} not allowed`)
}

interface CustomProviderRow {
  enabled: boolean
  provider_type: string
  issuer: string | null
  client_id: string
  acceptable_client_ids: string[]
  skip_nonce_check: boolean
  email_optional: boolean
}

/** A custom provider from auth.custom_oauth_providers (GOTRUE_CUSTOM_OAUTH_ENABLED defaults to true). */
async function customProvider(context: AuthContext, identifier: string): Promise<ChosenProvider> {
  const { rows } = await context.db.query<CustomProviderRow>(
    `select enabled, provider_type, issuer, client_id, acceptable_client_ids, skip_nonce_check, email_optional
     from auth.custom_oauth_providers where identifier = $1 limit 1`,
    [identifier],
  )
  const row = rows[0]
  if (!row) throw validationFailed(`Custom provider ${goQuote(identifier)} not found`)
  if (!row.enabled) throw badRequest('provider_disabled', `Custom provider ${goQuote(identifier)} is disabled`)
  if (row.provider_type !== 'oidc') throw validationFailed(`Provider ${goQuote(identifier)} is not an OIDC provider`)
  if (row.issuer === null) throw validationFailed(`OIDC provider ${goQuote(identifier)} missing issuer`)
  return {
    type: identifier,
    issuer: row.issuer,
    clientIds: [row.client_id, ...row.acceptable_client_ids],
    skipNonceCheck: row.skip_nonce_check,
    emailOptional: row.email_optional,
    apple: false,
  }
}

interface Discovery {
  issuer: string
  jwksUri: string
  algorithms: string[]
}

const supportedAlgorithms = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512', 'EdDSA']

/** go-oidc's NewProvider: the discovery document at the issuer, whose `issuer` must be the same (Apple excepted). */
async function discover(issuer: string, insecureIssuer: boolean): Promise<Discovery> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const text = await response.text()
  if (!response.ok) throw new Error(`oidc: ${response.status} ${response.statusText}: ${text}`)
  const doc = JSON.parse(text) as {
    issuer?: string
    jwks_uri?: string
    id_token_signing_alg_values_supported?: string[]
  }
  if (!insecureIssuer && doc.issuer !== issuer) {
    throw new Error(
      `oidc: issuer did not match the issuer returned by provider, expected ${goQuote(issuer)} got ${goQuote(doc.issuer ?? '')}`,
    )
  }
  const algorithms = (doc.id_token_signing_alg_values_supported ?? []).filter((a) => supportedAlgorithms.includes(a))
  return {
    issuer: doc.issuer ?? '',
    jwksUri: doc.jwks_uri ?? '',
    algorithms: algorithms.length ? algorithms : ['RS256'],
  }
}

/** go-oidc's IDTokenVerifier.Verify (client id check skipped, as GoTrue asks) and IDToken.VerifyAccessToken. */
async function verifyToken(
  idToken: string,
  discovery: Discovery,
  chosen: ChosenProvider,
  accessToken: string,
): Promise<Record<string, unknown>> {
  const { claims, alg } = await verifySignedJwt(idToken, discovery.jwksUri, discovery.algorithms)
  if (!chosen.apple && claims.iss !== discovery.issuer) throw new Error('oidc: id token issued by a different provider')
  const now = Date.now()
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) throw new Error('oidc: token is expired')
  if (typeof claims.nbf === 'number' && now + 5 * 60_000 < claims.nbf * 1000) throw new Error('oidc: not yet valid')
  if (accessToken !== '' && typeof claims.at_hash === 'string' && claims.at_hash !== '') {
    const hash = alg === 'EdDSA' ? 'sha512' : { '256': 'sha256', '384': 'sha384', '512': 'sha512' }[alg.slice(-3)]
    const digest = createHash(hash ?? 'sha256')
      .update(accessToken)
      .digest()
    if (digest.subarray(0, digest.length / 2).toString('base64url') !== claims.at_hash) {
      throw new Error('oidc: access token hash does not match value in ID token')
    }
  }
  return claims
}

const stringClaims = [
  'iss',
  'sub',
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'email',
  'phone',
  'full_name',
  'avatar_url',
  'slug',
  'provider_id',
  'user_name',
]

function typed(raw: Record<string, unknown>, key: string, type: 'string' | 'boolean' | 'number'): unknown {
  const value = raw[key]
  if (value === undefined || value === null) return undefined
  // encoding/json refuses a claim of another type, and the token with it.
  if (typeof value !== type) throw new Error(`json: cannot unmarshal ${typeof value} into Go struct field .${key}`)
  return value
}

/** parseGenericIDToken: the claims GoTrue's provider.Claims holds, and the address when there is one. */
function genericUserData(raw: Record<string, unknown>): UserData {
  const fields: Record<string, unknown> = {}
  for (const key of stringClaims) fields[key] = typed(raw, key, 'string')
  fields.iat = typed(raw, 'iat', 'number')
  fields.exp = typed(raw, 'exp', 'number')
  fields.email_verified = typed(raw, 'email_verified', 'boolean')
  fields.phone_verified = typed(raw, 'phone_verified', 'boolean')
  if (raw.aud !== undefined && raw.aud !== null) {
    const aud = Array.isArray(raw.aud) ? raw.aud : [raw.aud]
    if (aud.some((a) => typeof a !== 'string')) throw new Error('oidc: invalid aud')
    if (aud.length > 0) fields.aud = aud
  }
  const custom = raw.custom_claims
  if (custom !== undefined && custom !== null) {
    if (typeof custom !== 'object' || Array.isArray(custom)) throw new Error('json: cannot unmarshal custom_claims')
    if (Object.keys(custom).length > 0) fields.custom_claims = custom
  }
  const email = (fields.email as string | undefined) ?? ''
  return {
    emails: email !== '' ? [{ email, verified: fields.email_verified === true, primary: true }] : [],
    metadata: presentClaims(fields),
  }
}

/** parseGoogleIDToken. */
function googleUserData(raw: Record<string, unknown>): UserData {
  const email = (typed(raw, 'email', 'string') as string | undefined) ?? ''
  const verified = typed(raw, 'email_verified', 'boolean') === true || typed(raw, 'verified_email', 'boolean') === true
  const name = typed(raw, 'name', 'string')
  const picture = typed(raw, 'picture', 'string')
  const sub = typed(raw, 'sub', 'string')
  const hd = typed(raw, 'hd', 'string')
  return {
    emails: email !== '' ? [{ email, verified, primary: true }] : [],
    metadata: presentClaims({
      iss: typed(raw, 'iss', 'string'),
      sub,
      name,
      picture,
      avatar_url: picture,
      full_name: name,
      provider_id: sub,
      ...(hd ? { custom_claims: { hd } } : {}),
    }),
  }
}

function audiences(claims: Record<string, unknown>): string[] {
  const aud = claims.aud
  if (aud === undefined || aud === null) return []
  return (Array.isArray(aud) ? aud : [aud]).map(String)
}

export async function idTokenGrant(context: AuthContext, request: AuthRequest): Promise<void> {
  const params = await request.json('IdTokenGrantParams')
  const idToken = params.string('id_token')
  const accessToken = params.string('access_token')
  const nonce = params.string('nonce')
  const provider = params.string('provider')
  const clientId = params.string('client_id')
  const issuer = params.string('issuer')
  const linkIdentity = params.boolean('link_identity', false)
  if (idToken === '') throw new OAuthError('invalid request', 'id_token required')
  if (provider === '' && (clientId === '' || issuer === '')) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required')
  }
  let targetUserId: string | undefined
  if (linkIdentity) {
    if (!request.header('authorization')) {
      throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization')
    }
    targetUserId = (await authenticate(context, request)).user.id
  }
  const chosen = await chooseProvider(context, provider, issuer, idToken)
  const discovery = await discover(chosen.issuer, chosen.apple)
  let claims: Record<string, unknown>
  let userData: UserData
  try {
    claims = await verifyToken(idToken, discovery, chosen, accessToken)
    userData = claims.iss === issuerGoogle ? googleUserData(claims) : genericUserData(claims)
  } catch {
    throw new OAuthError('invalid request', 'Bad ID token')
  }
  userData.metadata.email_verified = false
  for (const email of userData.emails) {
    userData.metadata.email = email.email
    userData.metadata.email_verified = email.verified
    if (email.primary) break
  }
  const subject = typeof claims.sub === 'string' ? claims.sub : ''
  if (subject === '') throw new OAuthError('invalid request', 'Missing sub claim in id_token')
  const tokenAudiences = audiences(claims)
  if (!chosen.clientIds.some((id) => id !== '' && tokenAudiences.includes(id))) {
    throw new OAuthError('invalid request', `Unacceptable audience in id_token: [${tokenAudiences.join(' ')}]`)
  }
  if (!chosen.skipNonceCheck) {
    const tokenNonce = typeof claims.nonce === 'string' ? claims.nonce : ''
    if ((tokenNonce !== '') !== (nonce !== '')) {
      throw new OAuthError('invalid request', 'Passed nonce and nonce in id_token should either both exist or not.')
    }
    if (tokenNonce !== '' && createHash('sha256').update(nonce).digest('hex') !== tokenNonce) {
      throw new OAuthError('invalid nonce', 'Nonces mismatch')
    }
  }
  const tokens = await inTransaction(context.db, async (db) => {
    try {
      const user =
        targetUserId !== undefined
          ? await linkIdentityToUser(
              context,
              db,
              targetUserId,
              userData,
              chosen.type,
              referrer(request, context.settings),
            )
          : (
              await accountFromExternalIdentity(
                context,
                db,
                userData,
                chosen.type,
                chosen.emailOptional,
                referrer(request, context.settings),
              )
            ).user
      return await issueSession(context, db, user, 'oauth', grantOf(request))
    } catch (error) {
      // GoTrue answers anything but its own errors from this transaction as an OAuth server_error.
      if (error instanceof AuthError || error instanceof OAuthError || error instanceof CommitThenFail) throw error
      throw new OAuthError('server_error', 'Internal Server Error')
    }
  })
  sendJson(request.res, 200, tokens)
}
