// The OAuth 2.0 client side of the provider flow, as golang.org/x/oauth2 does it for GoTrue: the authorize URL
// (AuthCodeURL, parameters sorted as url.Values encodes them), the code exchange at the token endpoint (client
// credentials in a Basic header first, then in the body if the provider refuses them, as AuthStyleAutoDetect does),
// and API calls with the access token. Every provider call has GoTrue's 10-second timeout.
import { encodeSorted } from '../http/redirect-query.ts'

/** What the OAuth client needs of a provider: its endpoints and this project's credentials there. */
export interface OAuthEndpoints {
  authUrl: string
  tokenUrl: string
  scopes: string[]
  clientId: string
  secret: string
  redirectUri: string
}

export interface ProviderToken {
  accessToken: string
  refreshToken: string
  /** The rest of the token response (id_token, scope, ...). */
  extra: Record<string, unknown>
}

const timeoutMs = 10_000

/** oauth2.Config.AuthCodeURL(state, opts...): `extra` are the request's pass-through parameters. */
export function authCodeUrl(provider: OAuthEndpoints, state: string, extra: Record<string, string>): string {
  const params: Record<string, string> = { response_type: 'code', client_id: provider.clientId }
  if (provider.redirectUri !== '') params.redirect_uri = provider.redirectUri
  if (provider.scopes.length > 0) params.scope = provider.scopes.join(' ')
  params.state = state
  Object.assign(params, extra)
  return `${provider.authUrl}${provider.authUrl.includes('?') ? '&' : '?'}${encodeSorted(params)}`
}

/** oauth2.Config.Exchange: POST grant_type=authorization_code; throws on a refused or malformed answer. */
export async function exchangeCode(provider: OAuthEndpoints, code: string): Promise<ProviderToken> {
  const form = { grant_type: 'authorization_code', code, redirect_uri: provider.redirectUri }
  const basic = Buffer.from(
    `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.secret)}`,
    'utf8',
  ).toString('base64')
  try {
    return await tokenRequest(provider.tokenUrl, form, { authorization: `Basic ${basic}` })
  } catch (headerError) {
    try {
      return await tokenRequest(
        provider.tokenUrl,
        { ...form, client_id: provider.clientId, client_secret: provider.secret },
        {},
      )
    } catch {
      throw headerError
    }
  }
}

async function tokenRequest(
  url: string,
  form: Record<string, string>,
  headers: Record<string, string>,
): Promise<ProviderToken> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  if (response.status < 200 || response.status > 299) {
    throw new Error(`oauth2: cannot fetch token: ${response.status}\nResponse: ${text}`)
  }
  const type = response.headers.get('content-type') ?? ''
  let body: Record<string, unknown>
  if (type.includes('application/x-www-form-urlencoded') || type.includes('text/plain')) {
    body = Object.fromEntries(new URLSearchParams(text))
  } else {
    body = JSON.parse(text) as Record<string, unknown>
  }
  const accessToken = typeof body.access_token === 'string' ? body.access_token : ''
  if (accessToken === '') throw new Error('oauth2: server response missing access_token')
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : ''
  return { accessToken, refreshToken, extra: body }
}

/** GoTrue's makeRequest: GET with the bearer token; a non-2xx answer is an error carrying the body. */
export async function fetchJson<T>(url: string, token: ProviderToken): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token.accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  const text = await response.text()
  if (response.status < 200 || response.status > 299) throw new Error(`${response.status}: ${text}`)
  return JSON.parse(text) as T
}
