// The OAuth providers of [auth.external.*] the local stack can redirect to, built as GoTrue's provider package builds
// them: the authorize and token endpoints, the default scopes (plus the request's `scopes`, split on commas), the
// client from the config, and how each one turns its answers into GoTrue's UserProvidedData (emails + claims).
// Google, GitHub and Keycloak are implemented; other names GoTrue knows are refused with a sentence saying so.
import type { ExternalProviderSettings } from '../../config/index.ts'
import { fetchJson, type OAuthEndpoints, type ProviderToken } from './oauth-client.ts'
import { verifyIdToken } from './id-token.ts'

export interface ProviderEmail {
  email: string
  verified: boolean
  primary: boolean
}

/** GoTrue's UserProvidedData: the addresses the provider vouches for and the claims that become identity_data. */
export interface UserData {
  emails: ProviderEmail[]
  metadata: Record<string, unknown>
}

export interface ExternalProvider extends OAuthEndpoints {
  emailOptional: boolean
  userData(token: ProviderToken): Promise<UserData>
}

/** A provider GoTrue knows by name but the local stack does not implement (an Error, like GoTrue's). */
export class NotImplementedProvider extends Error {}

/**
 * structs.Map(provider.Claims{...}): empty fields are left out, except email_verified and phone_verified, which
 * GoTrue always writes.
 */
export function claims(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '' || value === 0) continue
    out[key] = value
  }
  out.email_verified = fields.email_verified === true
  out.phone_verified = fields.phone_verified === true
  return out
}

function extraScopes(scopes: string): string[] {
  return scopes === '' ? [] : scopes.split(',')
}

/** GoTrue's chooseHost: the configured base without a trailing slash, or https://<default>. */
function chooseHost(base: string, defaultHost: string): string {
  if (base === '') return `https://${defaultHost}`
  return base.endsWith('/') ? base.slice(0, -1) : base
}

/** GoTrue's ValidateOAuth, in its order. */
function validate(settings: ExternalProviderSettings | undefined, redirectUri: string): ExternalProviderSettings {
  if (!settings?.enabled) throw new Error('provider is not enabled')
  if (settings.clientId.length === 0) throw new Error('missing OAuth client ID')
  if (settings.secret === '') throw new Error('missing OAuth secret')
  if (redirectUri === '') throw new Error('missing redirect URI')
  return settings
}

/**
 * The provider `name` (lower-cased) with its settings; `callbackUrl` is the CLI's default redirect URI
 * (`<API URL>/auth/v1/callback`). Throws GoTrue's error texts (the caller prefixes "Unsupported provider: ").
 */
export function buildProvider(
  name: string,
  settings: ExternalProviderSettings | undefined,
  callbackUrl: string,
  scopes: string,
): ExternalProvider {
  const redirectUri = settings?.redirectUri ?? callbackUrl
  const base = (config: ExternalProviderSettings) => ({
    clientId: config.clientId[0] ?? '',
    secret: config.secret,
    redirectUri,
    emailOptional: config.emailOptional,
  })
  switch (name) {
    case 'keycloak': {
      const config = validate(settings, redirectUri)
      if (config.url === '') throw new Error('unable to find URL for the Keycloak provider')
      const host = config.url.endsWith('/') ? config.url.slice(0, -1) : config.url
      return {
        ...base(config),
        authUrl: `${host}/protocol/openid-connect/auth`,
        tokenUrl: `${host}/protocol/openid-connect/token`,
        scopes: ['profile', 'email', ...extraScopes(scopes)],
        userData: (token) => keycloakUser(host, token),
      }
    }
    case 'github': {
      const config = validate(settings, redirectUri)
      const authHost = chooseHost(config.url, 'github.com')
      let apiHost = chooseHost(config.url, 'api.github.com')
      if (!apiHost.endsWith('api.github.com')) apiHost += '/api/v3'
      return {
        ...base(config),
        authUrl: `${authHost}/login/oauth/authorize`,
        tokenUrl: `${authHost}/login/oauth/access_token`,
        scopes: ['user:email', ...extraScopes(scopes)],
        userData: (token) => githubUser(apiHost, token),
      }
    }
    case 'google': {
      const config = validate(settings, redirectUri)
      // GoTrue reads these from https://accounts.google.com/.well-known/openid-configuration; they are fixed.
      return {
        ...base(config),
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        scopes: ['email', 'profile', ...extraScopes(scopes)],
        userData: (token) => googleUser(config.clientId[0] ?? '', token),
      }
    }
    default:
      validate(settings, redirectUri)
      throw new NotImplementedProvider(`the local stack does not implement the ${name} provider`)
  }
}

interface KeycloakUserInfo {
  sub?: string
  name?: string
  email?: string
  email_verified?: boolean
}

async function keycloakUser(host: string, token: ProviderToken): Promise<UserData> {
  const u = await fetchJson<KeycloakUserInfo>(`${host}/protocol/openid-connect/userinfo`, token)
  const email = u.email ?? ''
  return {
    emails: email !== '' ? [{ email, verified: u.email_verified === true, primary: true }] : [],
    metadata: claims({
      iss: host,
      sub: u.sub,
      name: u.name,
      email,
      email_verified: u.email_verified === true,
      full_name: u.name,
      provider_id: u.sub,
    }),
  }
}

interface GithubUser {
  id?: number
  login?: string
  email?: string
  name?: string
  avatar_url?: string
}

interface GithubEmail {
  email?: string
  primary?: boolean
  verified?: boolean
}

async function githubUser(apiHost: string, token: ProviderToken): Promise<UserData> {
  const u = await fetchJson<GithubUser>(`${apiHost}/user`, token)
  const id = u.id === undefined ? '0' : String(u.id)
  const metadata = claims({
    iss: apiHost,
    sub: id,
    name: u.name,
    preferred_username: u.login,
    avatar_url: u.avatar_url,
    full_name: u.name,
    provider_id: id,
    user_name: u.login,
  })
  const list = await fetchJson<GithubEmail[]>(`${apiHost}/user/emails`, token)
  const emails = (Array.isArray(list) ? list : [])
    .filter((e) => (e.email ?? '') !== '')
    .map((e) => ({ email: e.email ?? '', verified: e.verified === true, primary: e.primary === true }))
  return { emails, metadata }
}

interface GoogleUser {
  id?: string
  sub?: string
  iss?: string
  name?: string
  picture?: string
  email?: string
  verified_email?: boolean
  email_verified?: boolean
  hd?: string
}

const googleIssuer = 'https://accounts.google.com'
const googleUserInfo = 'https://www.googleapis.com/userinfo/v2/me'
const googleKeys = 'https://www.googleapis.com/oauth2/v3/certs'

/** GoTrue's googleProvider.GetUserData: the verified ID token when the token response has one, else userinfo. */
async function googleUser(clientId: string, token: ProviderToken): Promise<UserData> {
  const idToken = token.extra.id_token
  if (typeof idToken === 'string' && idToken !== '') {
    const c = (await verifyIdToken(idToken, {
      issuers: [googleIssuer, 'accounts.google.com'],
      audience: clientId,
      jwksUrl: googleKeys,
    })) as GoogleUser
    const verified = c.email_verified === true || c.verified_email === true
    return {
      emails: c.email ? [{ email: c.email, verified, primary: true }] : [],
      metadata: claims({
        iss: c.iss,
        sub: c.sub,
        name: c.name,
        picture: c.picture,
        custom_claims: c.hd ? { hd: c.hd } : undefined,
        avatar_url: c.picture,
        full_name: c.name,
        provider_id: c.sub,
      }),
    }
  }
  const u = await fetchJson<GoogleUser>(googleUserInfo, token)
  const verified = u.verified_email === true || u.email_verified === true
  return {
    emails: u.email ? [{ email: u.email, verified, primary: true }] : [],
    metadata: claims({
      iss: googleUserInfo,
      sub: u.id,
      name: u.name,
      picture: u.picture,
      email: u.email,
      email_verified: verified,
      avatar_url: u.picture,
      full_name: u.name,
      provider_id: u.id,
    }),
  }
}
