// The external provider flow end to end: supabase-js signInWithOAuth → /authorize → a local OpenID provider (npm
// oidc-provider on Keycloak's paths, registered as [auth.external.keycloak]) → /callback → the app's redirect_to,
// then exchangeCodeForSession (PKCE) or the session in the fragment (implicit). A "browser" follows the redirects
// with fetch and a cookie jar and stops at the app's URL, which is never fetched.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimsOf, signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'
import { enableKeycloak, startOpenIdProvider, type OpenIdProvider } from '../testing/openid-provider.ts'

const app = 'http://127.0.0.1:5173'
const redirectTo = `${app}/auth/callback?next=%2Fcourses`

/** Follows redirects from `start` (with cookies, as a browser would) until one points at the app. */
async function browse(start: string, stopAt = app): Promise<URL> {
  const jar = new Map<string, string>()
  let url = start
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(stopAt)) return new URL(url)
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? ''
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (!location) throw new Error(`${url} answered ${response.status}: ${await response.text()}`)
    url = new URL(location, url).toString()
  }
  throw new Error('too many redirects')
}

function fragmentOf(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1))
}

describe.skipIf(!testDbUrl())('sign-in with an external OAuth provider', () => {
  let h: Harness
  let op: OpenIdProvider
  let db: pg.Client
  beforeAll(async () => {
    op = await startOpenIdProvider()
    h = await startHarness(enableKeycloak(op))
    op.register(`${h.authUrl}/callback`)
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
  })
  afterAll(async () => {
    await db?.end()
    await h?.stop()
    await op?.stop()
  })

  /** signInWithOAuth through a PKCE client; returns the client and the provider URL /authorize redirected to. */
  async function startPkce(scopes = 'openid') {
    const client = h.pkce()
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo, skipBrowserRedirect: true, scopes },
    })
    expect(error).toBeNull()
    return { client, url: data.url! }
  }

  async function pkceSignIn(account: Parameters<OpenIdProvider['loginAs']>[0]) {
    const { client, url } = await startPkce()
    op.loginAs(account)
    const landed = await browse(url)
    const code = landed.searchParams.get('code')
    expect(code, landed.toString()).toBeTruthy()
    const { data, error } = await client.auth.exchangeCodeForSession(code!)
    expect(error).toBeNull()
    return { landed, session: data.session!, user: data.user! }
  }

  it('reports exactly the enabled providers in /settings', async () => {
    const settings = (await (await h.call('/settings')).json()) as { external: Record<string, boolean> }
    expect(settings.external.keycloak).toBe(true)
    expect(settings.external.google).toBe(false)
    expect(settings.external.github).toBe(false)
  })

  it('redirects to the provider with the client, callback, scopes and a flow state as the state', async () => {
    const client = h.pkce()
    const { data } = await client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo, skipBrowserRedirect: true, scopes: 'openid', queryParams: { prompt: 'login' } },
    })
    const response = await fetch(data.url!, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/protocol/openid-connect/auth`)
    const params = Object.fromEntries(location.searchParams)
    expect(params).toMatchObject({
      client_id: op.clientId,
      redirect_uri: `${h.authUrl}/callback`,
      response_type: 'code',
      scope: 'profile email openid',
      redirect_to: redirectTo,
      prompt: 'login',
    })
    expect(params.code_challenge).toBeUndefined()
    const { rows } = await db.query(
      `select provider_type, authentication_method, code_challenge_method, auth_code is not null as has_code,
         user_id, referrer, email_optional from auth.flow_state where id = $1`,
      [params.state],
    )
    expect(rows[0]).toEqual({
      provider_type: 'keycloak',
      authentication_method: 'oauth',
      code_challenge_method: 's256',
      has_code: true,
      user_id: null,
      referrer: redirectTo,
      email_optional: false,
    })
  })

  it('creates a confirmed user with a keycloak identity on first sign-in (PKCE)', async () => {
    const email = uniqueEmail('oidc')
    const sub = `sub-${email}`
    const { landed, session, user } = await pkceSignIn({ sub, email, email_verified: true, name: 'Ada Lovelace' })
    expect(landed.pathname).toBe('/auth/callback')
    expect(landed.searchParams.get('next')).toBe('/courses')
    expect(user.email).toBe(email)
    expect(user.email_confirmed_at).toBeTruthy()
    expect(user.app_metadata).toMatchObject({ provider: 'keycloak', providers: ['keycloak'] })
    expect(user.user_metadata).toMatchObject({ name: 'Ada Lovelace', full_name: 'Ada Lovelace', email })
    expect(user.identities).toHaveLength(1)
    const identity = user.identities![0]!
    expect(identity.provider).toBe('keycloak')
    expect(identity.id).toBeTruthy()
    expect(identity.identity_data).toEqual({
      iss: op.issuer,
      sub,
      name: 'Ada Lovelace',
      full_name: 'Ada Lovelace',
      provider_id: sub,
      email,
      email_verified: true,
      phone_verified: false,
    })
    const { rows } = await db.query('select provider_id from auth.identities where user_id = $1', [user.id])
    expect(rows).toEqual([{ provider_id: sub }])
    expect(session.provider_token).toBeTruthy()
    expect((claimsOf(session.access_token).amr as { method: string }[])[0]?.method).toBe('oauth')
  })

  it('signs the same user in again, refreshing the identity data', async () => {
    const email = uniqueEmail('again')
    const sub = `sub-${email}`
    const first = await pkceSignIn({ sub, email, email_verified: true, name: 'Grace' })
    const second = await pkceSignIn({ sub, email, email_verified: true, name: 'Grace Hopper' })
    expect(second.user.id).toBe(first.user.id)
    expect(second.user.identities).toHaveLength(1)
    expect(second.user.identities![0]!.identity_data?.name).toBe('Grace Hopper')
    expect(second.user.user_metadata.name).toBe('Grace Hopper')
    const { rows } = await db.query('select count(*)::int as n from auth.users where email = $1', [email])
    expect(rows[0].n).toBe(1)
  })

  it('links to an existing user with the same verified email', async () => {
    const existing = await signedInUser(h)
    const { user } = await pkceSignIn({ sub: `sub-${existing.email}`, email: existing.email, email_verified: true })
    expect(user.id).toBe(existing.user.id)
    expect(user.identities?.map((i) => i.provider).sort()).toEqual(['email', 'keycloak'])
    expect(user.app_metadata.providers).toEqual(['email', 'keycloak'])
    // The password still signs in: the account was confirmed, so nothing of it was removed.
    const again = await h.anon().auth.signInWithPassword({ email: existing.email, password: existing.password })
    expect(again.error).toBeNull()
  })

  it('does not link on an unverified email, and refuses the sign-in until the provider verifies it', async () => {
    const existing = await signedInUser(h)
    const { url } = await startPkce()
    op.loginAs({ sub: `sub-unverified-${existing.email}`, email: existing.email, email_verified: false })
    const landed = await browse(url)
    expect(landed.searchParams.get('error')).toBe('access_denied')
    expect(landed.searchParams.get('error_code')).toBe('provider_email_needs_verification')
    expect(landed.searchParams.get('error_description')).toBe(
      'Unverified email with keycloak. Verify the email with keycloak in order to sign in',
    )
    expect(fragmentOf(landed).get('error_code')).toBe('provider_email_needs_verification')
    expect(fragmentOf(landed).has('sb')).toBe(true)
    const { rows } = await db.query('select provider from auth.identities where user_id = $1 order by provider', [
      existing.user.id,
    ])
    expect(rows).toEqual([{ provider: 'email' }])
  })

  it('redirects to redirect_to with the provider error when the user denies access', async () => {
    const { client, url } = await startPkce()
    op.deny('The user cancelled the sign-in')
    const landed = await browse(url)
    expect(landed.pathname).toBe('/auth/callback')
    expect(landed.searchParams.get('error')).toBe('access_denied')
    expect(landed.searchParams.get('error_description')).toBe('The user cancelled the sign-in')
    expect(landed.searchParams.get('code')).toBeNull()
    expect(fragmentOf(landed).get('error')).toBe('access_denied')
    expect((await client.auth.getSession()).data.session).toBeNull()
  })

  it('answers a failing provider API with server_error (userinfo needs the openid scope)', async () => {
    const { url } = await startPkce('')
    op.loginAs({ sub: 'no-openid', email: uniqueEmail('noscope'), email_verified: true })
    const landed = await browse(url)
    expect(landed.searchParams.get('error')).toBe('server_error')
    expect(landed.searchParams.get('error_code')).toBe('unexpected_failure')
    expect(landed.searchParams.get('error_description')).toBe('Error getting user profile from external provider')
  })

  it('puts the session in the fragment in the implicit flow and removes the flow state', async () => {
    const client = h.anon()
    const { data } = await client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo, skipBrowserRedirect: true, scopes: 'openid' },
    })
    const state = new URL((await fetch(data.url!, { redirect: 'manual' })).headers.get('location')!).searchParams.get(
      'state',
    )
    const email = uniqueEmail('implicit')
    op.loginAs({ sub: `sub-${email}`, email, email_verified: true })
    const landed = await browse(data.url!)
    const fragment = fragmentOf(landed)
    expect([...fragment.keys()].sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'token_type',
    ])
    expect(claimsOf(fragment.get('access_token')!).email).toBe(email)
    const { data: user } = await client.auth.getUser(fragment.get('access_token')!)
    expect(user.user?.identities?.[0]?.provider).toBe('keycloak')
    // The state of the first redirect (never completed) is still there; the completed one is gone.
    const { rows } = await db.query('select count(*)::int as n from auth.flow_state where id = $1', [state])
    expect(rows[0].n).toBe(1)
  })

  it('refuses a state that is missing, unknown or already used, redirecting to site_url', async () => {
    const missing = await fetch(`${h.authUrl}/callback?code=x`, { redirect: 'manual' })
    expect(missing.status).toBe(303)
    const a = new URL(missing.headers.get('location')!)
    expect(a.origin).toBe(app)
    expect(Object.fromEntries(a.searchParams)).toEqual({
      error: 'invalid_request',
      error_code: 'bad_oauth_callback',
      error_description: 'OAuth state parameter missing',
    })
    const unknown = await fetch(`${h.authUrl}/callback?state=${crypto.randomUUID()}&code=x`, { redirect: 'manual' })
    expect(new URL(unknown.headers.get('location')!).searchParams.get('error_description')).toBe(
      'OAuth state not found or expired',
    )
    const { url } = await startPkce()
    const email = uniqueEmail('replay')
    op.loginAs({ sub: `sub-${email}`, email, email_verified: true })
    // Stop at the Auth service's callback, run it, then replay it.
    const next = (await browse(url, `${h.authUrl}/callback`)).toString()
    expect((await fetch(next, { redirect: 'manual' })).status).toBe(302)
    const replay = await fetch(next, { redirect: 'manual' })
    expect(replay.status).toBe(303)
    expect(new URL(replay.headers.get('location')!).searchParams.get('error_code')).toBe('flow_state_already_used')
  })

  it('refuses providers that are not enabled or not known, as before', async () => {
    const google = await h.call('/authorize?provider=google')
    expect(google.status).toBe(400)
    expect(await google.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    })
    const unknown = await h.call('/authorize?provider=myspace')
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'Unsupported provider: Provider myspace could not be found',
    )
  })
})
