// POST /token?grant_type=id_token through supabase-js's signInWithIdToken and raw HTTP: GoTrue v2.189's checks in
// its order (token_oidc.go), the built-in providers' issuer detection and "not enabled" errors, and the success path
// with an issuer the tests control — as [auth.external.keycloak] (its `url`) and as a custom OIDC provider row.
// Also the router's answers to unknown paths and methods.
import { createHash } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimsOf, signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'
import { startOidcIssuer, type OidcIssuer } from '../testing/oidc-issuer.ts'

const clientId = 'summit-native'

describe.skipIf(!testDbUrl())('the id_token grant', () => {
  let h: Harness
  let issuer: OidcIssuer
  let db: pg.Client
  beforeAll(async () => {
    issuer = await startOidcIssuer()
    h = await startHarness((config) => {
      // The scratch database may lack the project's hook functions; the grant never calls them.
      config.auth.hooks = { passwordVerificationAttempt: undefined, mfaVerificationAttempt: undefined }
      config.auth.external = { ...config.auth.external, keycloak: true }
      config.auth.externalProviders = {
        ...config.auth.externalProviders,
        keycloak: {
          enabled: true,
          clientId: ['web-client', clientId],
          secret: 'unused',
          url: issuer.url,
          redirectUri: undefined,
          skipNonceCheck: false,
          emailOptional: false,
        },
      }
    })
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
  })
  afterAll(async () => {
    await db?.query(`delete from auth.custom_oauth_providers where identifier like 'custom:test-%'`)
    await db?.end()
    await h?.stop()
    await issuer?.stop()
  })

  const grant = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    h.call('/token?grant_type=id_token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })

  async function expectOAuthError(body: Record<string, unknown>, error: string, description: string) {
    const res = await grant(body)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error, error_description: description })
  }

  async function expectApiError(body: Record<string, unknown>, code: string, message: string) {
    const res = await grant(body)
    expect(res.status).toBe(400)
    expect(res.headers.get('x-sb-error-code')).toBe(code)
    expect(await res.json()).toEqual({ code, message })
  }

  const unsigned = (claims: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`

  it('checks the request first: an id_token, then a provider or a client id and an issuer', async () => {
    await expectOAuthError({}, 'invalid request', 'id_token required')
    await expectOAuthError({ id_token: 'x' }, 'invalid request', 'provider or client_id and issuer required')
    await expectOAuthError(
      { id_token: 'x', client_id: 'a' },
      'invalid request',
      'provider or client_id and issuer required',
    )
    await expectOAuthError(
      { id_token: 'x', provider: 'keycloak', link_identity: true },
      'invalid request',
      'Linking requires a valid user access token in Authorization',
    )
  })

  it('refuses the built-in providers that are off, and unknown ones, with GoTrue words', async () => {
    await expectApiError(
      { id_token: 'x', provider: 'google' },
      'provider_disabled',
      'Provider (issuer "https://accounts.google.com") is not enabled',
    )
    await expectApiError(
      { id_token: 'x', client_id: 'c', issuer: 'https://www.facebook.com' },
      'provider_disabled',
      'Provider (issuer "https://www.facebook.com") is not enabled',
    )
    for (const name of ['kakao', 'snapchat', 'vercel_marketplace']) {
      const res = await grant({ id_token: 'x', provider: name })
      expect(res.status, name).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('provider_disabled')
    }
    // Apple and Azure read the issuer from the token before anything else.
    await expectApiError(
      { id_token: 'not-a-jwt', provider: 'apple' },
      'validation_failed',
      'Unable to detect issuer in ID token for Apple provider',
    )
    await expectApiError(
      { id_token: unsigned({ iss: 'https://accounts.google.com' }), provider: 'apple' },
      'validation_failed',
      'Detected ID token issuer is not an Apple ID token issuer',
    )
    await expectApiError(
      {
        id_token: unsigned({ iss: 'https://appleid.apple.com' }),
        provider: 'apple',
        issuer: 'https://account.apple.com',
      },
      'validation_failed',
      'Provided issuer does not match ID token issuer',
    )
    await expectApiError(
      { id_token: unsigned({ iss: 'https://account.apple.com' }), provider: 'apple' },
      'provider_disabled',
      'Provider (issuer "https://account.apple.com") is not enabled',
    )
    await expectApiError(
      { id_token: unsigned({ iss: 'https://example.com' }), provider: 'azure' },
      'validation_failed',
      'Detected ID token issuer is not an Azure ID token issuer',
    )
    await expectApiError(
      { id_token: unsigned({ iss: 'https://login.microsoftonline.com/tenant/v2.0' }), provider: 'azure' },
      'provider_disabled',
      'Provider (issuer "https://login.microsoftonline.com/tenant/v2.0") is not enabled',
    )
    await expectApiError(
      { id_token: 'x', provider: 'github' },
      'validation_failed',
      'Custom OIDC provider "github" not allowed',
    )
    await expectApiError(
      { id_token: 'x', client_id: 'c', issuer: 'https://issuer.example' },
      'validation_failed',
      'Custom OIDC provider "" not allowed',
    )
    await expectApiError(
      { id_token: 'x', provider: 'custom:test-none' },
      'validation_failed',
      'Custom provider "custom:test-none" not found',
    )
    // supabase-js reports the same.
    const { error } = await h.anon().auth.signInWithIdToken({ provider: 'google', token: 'x' })
    expect(error).toMatchObject({ status: 400, code: 'provider_disabled' })
  })

  it('signs in with a Keycloak ID token: a new user, then the same user again', async () => {
    const email = uniqueEmail('idtoken')
    const sub = `kc-${Date.now()}`
    const nonce = 'raw-nonce'
    const token = issuer.sign({
      sub,
      aud: clientId,
      email,
      email_verified: true,
      name: 'Native User',
      nonce: createHash('sha256').update(nonce).digest('hex'),
    })
    const { data, error } = await h.anon().auth.signInWithIdToken({ provider: 'keycloak', token, nonce })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, app_metadata: { provider: 'keycloak', providers: ['keycloak'] } })
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.identities?.[0]).toMatchObject({
      provider: 'keycloak',
      id: sub,
      identity_data: { sub, iss: issuer.url, email, email_verified: true, name: 'Native User', aud: [clientId] },
    })
    expect(claimsOf(data.session!.access_token).amr).toEqual([expect.objectContaining({ method: 'oauth' })])
    // The issuer instead of the provider's name, and a token without a nonce.
    const again = await grant({
      id_token: issuer.sign({ sub, aud: [clientId, 'x'], email }),
      client_id: 'any',
      issuer: issuer.url,
    })
    expect(again.status).toBe(200)
    const session = (await again.json()) as { user: { id: string }; provider_token?: string }
    expect(session.user.id).toBe(data.user!.id)
    expect(session.provider_token).toBeUndefined()
  })

  it('answers Bad ID token for a token that does not verify, then checks subject, audience and nonce', async () => {
    const base = { sub: 'kc-checks', aud: clientId, email: uniqueEmail('checks'), email_verified: true }
    const bad = async (id_token: string, extra: Record<string, unknown> = {}) =>
      expectOAuthError({ id_token, provider: 'keycloak', ...extra }, 'invalid request', 'Bad ID token')
    await bad(issuer.sign(base, { foreignKey: true }))
    await bad(issuer.sign({ ...base, exp: Math.floor(Date.now() / 1000) - 60 }))
    await bad(issuer.sign({ ...base, iss: 'https://elsewhere.example' }))
    await bad(unsigned(base))
    await bad(issuer.sign({ ...base, at_hash: issuer.atHash('the-access-token') }), { access_token: 'another' })
    await bad(issuer.sign({ ...base, email_verified: 'yes' }))
    await expectOAuthError(
      { id_token: issuer.sign({ aud: clientId }), provider: 'keycloak' },
      'invalid request',
      'Missing sub claim in id_token',
    )
    await expectOAuthError(
      { id_token: issuer.sign({ ...base, aud: ['other', 'more'] }), provider: 'keycloak' },
      'invalid request',
      'Unacceptable audience in id_token: [other more]',
    )
    await expectOAuthError(
      { id_token: issuer.sign({ ...base, nonce: 'abc' }), provider: 'keycloak' },
      'invalid request',
      'Passed nonce and nonce in id_token should either both exist or not.',
    )
    await expectOAuthError(
      { id_token: issuer.sign(base), provider: 'keycloak', nonce: 'n' },
      'invalid request',
      'Passed nonce and nonce in id_token should either both exist or not.',
    )
    await expectOAuthError(
      { id_token: issuer.sign({ ...base, nonce: 'abc' }), provider: 'keycloak', nonce: 'abc' },
      'invalid nonce',
      'Nonces mismatch',
    )
    // A matching at_hash passes.
    const ok = await grant({
      id_token: issuer.sign({ ...base, at_hash: issuer.atHash('the-access-token') }),
      access_token: 'the-access-token',
      provider: 'keycloak',
    })
    expect(ok.status).toBe(200)
  })

  it('reads custom OIDC providers from auth.custom_oauth_providers, refusing one that is off or not OIDC', async () => {
    // Their issuer must be https (a check constraint), so the success path is Keycloak's, above.
    await db.query(
      `insert into auth.custom_oauth_providers (provider_type, identifier, name, client_id, client_secret, issuer,
         enabled, authorization_url, token_url, userinfo_url)
       values ('oidc', 'custom:test-off', 'Off', 'c', 's', 'https://issuer.example', false, null, null, null),
              ('oauth2', 'custom:test-plain', 'Plain', 'c', 's', null, true, 'https://p.example/a',
               'https://p.example/t', 'https://p.example/u')`,
    )
    await expectApiError(
      { id_token: 'x', provider: 'custom:test-off' },
      'provider_disabled',
      'Custom provider "custom:test-off" is disabled',
    )
    await expectApiError(
      { id_token: 'x', provider: 'custom:test-plain' },
      'validation_failed',
      'Provider "custom:test-plain" is not an OIDC provider',
    )
  })

  it('links the identity to the signed-in user with link_identity', async () => {
    const { session, user } = await signedInUser(h)
    const token = issuer.sign({
      sub: `link-${Date.now()}`,
      aud: clientId,
      email: uniqueEmail('linked'),
      email_verified: true,
    })
    const auth = { authorization: `Bearer ${session.access_token}` }
    const linked = await grant({ id_token: token, provider: 'keycloak', link_identity: true }, auth)
    expect(linked.status).toBe(200)
    const body = (await linked.json()) as { user: { id: string; app_metadata: { providers: string[] } } }
    expect(body.user.id).toBe(user.id)
    expect(body.user.app_metadata.providers).toEqual(['email', 'keycloak'])
    const twice = await grant({ id_token: token, provider: 'keycloak', link_identity: true }, auth)
    expect(twice.status).toBe(422)
    expect(await twice.json()).toMatchObject({ code: 'identity_already_exists', message: 'Identity is already linked' })
  })

  it("answers unknown paths with net/http's plain 404 and other methods with chi's 405 and Allow", async () => {
    const missing = await h.call('/no-such-route')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await missing.text()).toBe('404 page not found\n')
    const wrong = await h.call('/token', { method: 'GET' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect(await wrong.text()).toBe('')
  })
})
