// The OAuth 2.1 server of [auth.oauth_server] as GoTrue v2.189 serves it: the admin clients API through supabase-js
// (auth.admin.oauth.*), the authorization code flow with PKCE (raw /oauth/authorize and /oauth/token, the consent
// calls through auth.oauth.*), tokens that name their client and that the REST API accepts, grants, and the answers
// with the server off.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey, serviceRoleKey } from '../../keys/index.ts'
import { createRestService } from '../../rest/index.ts'
import { NoWebSocket } from '../../testing/no-websocket.ts'
import { serveMounted, type MountedServer } from '../../testing/serve-mounted.ts'
import { claimsOf, signedInUser, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

const callback = 'http://localhost:3999/callback'
const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params).toString(),
})
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

async function newClient(h: Harness, params: Record<string, unknown> = {}) {
  const { data, error } = await h
    .admin()
    .auth.admin.oauth.createClient({ client_name: 'Notes app', redirect_uris: [callback], ...params } as never)
  if (error) throw error
  return data!
}

/** /oauth/authorize with PKCE; returns the authorization_id the consent page receives. */
async function startAuthorization(h: Harness, clientId: string, extra: Record<string, string> = {}) {
  const pkce = pkcePair()
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: callback,
    response_type: 'code',
    scope: 'email profile',
    state: 'xyz-state',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
  const response = await h.call(`/oauth/authorize?${query}`, { redirect: 'manual' })
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location')!)
  expect(`${location.origin}${location.pathname}`).toBe(`${h.config.auth.siteUrl}/oauth/consent`)
  return { authorizationId: location.searchParams.get('authorization_id')!, ...pkce }
}

/** A user approves on the consent page; returns the code from the redirect. */
async function approvedCode(user: SupabaseClient, authorizationId: string) {
  const details = await user.auth.oauth.getAuthorizationDetails(authorizationId)
  expect(details.error).toBeNull()
  const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
  expect(approved.error).toBeNull()
  const redirect = new URL(approved.data!.redirect_url)
  expect(`${redirect.origin}${redirect.pathname}`).toBe(callback)
  expect(redirect.searchParams.get('state')).toBe('xyz-state')
  return redirect.searchParams.get('code')!
}

describe.skipIf(!testDbUrl())('the OAuth 2.1 server', () => {
  let h: Harness
  let rest: MountedServer
  let stopRest: () => Promise<void>
  beforeAll(async () => {
    h = await startHarness((config) => {
      config.auth.oauthServer = {
        enabled: true,
        authorizationUrlPath: '/oauth/consent',
        allowDynamicRegistration: true,
      }
    })
    const service = createRestService({ config: h.config, dbUrl: testDbUrl()!, keys: h.keys, poolSize: 2 })
    await service.start!()
    rest = await serveMounted('/rest/v1', service)
    stopRest = async () => {
      await rest.close()
      await service.stop!()
    }
  })
  afterAll(async () => {
    await stopRest?.()
    await h?.stop()
  })

  const restAs = (accessToken: string) =>
    createClient(rest.url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${accessToken}` } },
      realtime: { transport: NoWebSocket as never },
    })

  it('creates, lists, reads, updates, regenerates and deletes clients through auth.admin.oauth', async () => {
    const oauth = h.admin().auth.admin.oauth
    const confidential = await newClient(h, {
      client_uri: 'https://notes.example',
      logo_uri: 'https://notes.example/l.png',
    })
    expect(confidential).toEqual({
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_type: 'confidential',
      redirect_uris: [callback],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      client_name: 'Notes app',
      client_uri: 'https://notes.example',
      logo_uri: 'https://notes.example/l.png',
      registration_type: 'manual',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      updated_at: expect.stringMatching(/Z$/),
    })
    const pub = await newClient(h, { token_endpoint_auth_method: 'none', client_name: undefined })
    expect(pub).not.toHaveProperty('client_secret')
    expect(pub).not.toHaveProperty('client_name')
    expect(pub).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' })

    const listed = await oauth.listClients()
    expect(listed.error).toBeNull()
    const ids = listed.data.clients.map((c) => c.client_id)
    // Newest first; secrets are never listed.
    expect(ids.indexOf(pub.client_id)).toBeLessThan(ids.indexOf(confidential.client_id))
    expect(listed.data.clients.find((c) => c.client_id === confidential.client_id)).not.toHaveProperty('client_secret')

    const got = await oauth.getClient(confidential.client_id)
    expect(got.data).toEqual({ ...confidential, client_secret: undefined })

    const updated = await oauth.updateClient(confidential.client_id, {
      client_name: 'Notes',
      redirect_uris: [callback, 'myapp://done'],
    })
    expect(updated.error).toBeNull()
    expect(updated.data).toMatchObject({ client_name: 'Notes', redirect_uris: [callback, 'myapp://done'] })
    const nothing = await oauth.updateClient(confidential.client_id, {})
    expect(nothing.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'No fields provided for update',
    })
    const wrongMethod = await oauth.updateClient(pub.client_id, { token_endpoint_auth_method: 'client_secret_post' })
    expect(wrongMethod.error?.message).toBe(
      "token_endpoint_auth_method 'client_secret_post' is not valid for client_type 'public'; valid methods: [none]",
    )

    const regenerated = await oauth.regenerateClientSecret(confidential.client_id)
    expect(regenerated.data?.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(regenerated.data?.client_secret).not.toBe(confidential.client_secret)
    const publicSecret = await oauth.regenerateClientSecret(pub.client_id)
    expect(publicSecret.error).toMatchObject({ status: 400, message: 'Cannot regenerate secret for public client' })

    expect((await oauth.deleteClient(pub.client_id)).error).toBeNull()
    const gone = await oauth.getClient(pub.client_id)
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' })
    const after = await oauth.listClients()
    expect(after.data.clients.map((c) => c.client_id)).not.toContain(pub.client_id)
    const malformed = await oauth.getClient('not-a-uuid')
    expect(malformed.error).toMatchObject({ status: 400, message: 'invalid client_id format' })
  })

  it("refuses bad registrations with GoTrue's messages", async () => {
    const oauth = h.admin().auth.admin.oauth
    const cases: [Record<string, unknown>, string][] = [
      [{}, '400: redirect_uris is required'],
      [
        { redirect_uris: ['http://example.com/cb'] },
        "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ['https://a.example/cb#x'] },
        "400: invalid redirect_uri 'https://a.example/cb#x': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: [callback], grant_types: ['password'] },
        "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        { redirect_uris: [callback], client_type: 'confidential', token_endpoint_auth_method: 'none' },
        "400: client_type 'confidential' is inconsistent with token_endpoint_auth_method 'none' (expected client_type 'public')",
      ],
    ]
    for (const [params, message] of cases) {
      const { error } = await oauth.createClient(params as never)
      expect(error, message).toMatchObject({ status: 400, code: 'validation_failed', message })
    }
    const badJson = await h.call('/admin/oauth/clients', {
      method: 'POST',
      headers: { authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{"redirect_uris": "not a list"}',
    })
    expect(badJson.status).toBe(400)
    expect(await badJson.json()).toEqual({ code: 'bad_json', message: 'Invalid JSON body' })
  })

  it('lets only admin roles manage clients', async () => {
    const anon = await h.anon().auth.admin.oauth.listClients()
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
    const { session } = await signedInUser(h)
    const asUser = await h.call('/admin/oauth/clients', {
      headers: { authorization: `Bearer ${session!.access_token}` },
    })
    expect(asUser.status).toBe(403)
    expect(await asUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' })
  })

  it('runs the code flow with PKCE to tokens that name the client and that the REST API accepts', async () => {
    const client = await newClient(h)
    const { client: user, user: account, email, session } = await signedInUser(h)
    const { authorizationId, verifier } = await startAuthorization(h, client.client_id)

    const details = await user.auth.oauth.getAuthorizationDetails(authorizationId)
    expect(details.data).toEqual({
      authorization_id: authorizationId,
      redirect_uri: callback,
      client: { id: client.client_id, name: 'Notes app' },
      user: { id: account!.id, email },
      scope: 'email profile',
    })
    const code = await approvedCode(user, authorizationId)

    const exchanged = await h.call('/oauth/token', {
      ...form({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.client_id, client.client_secret!),
      },
    })
    expect(exchanged.status).toBe(200)
    const tokens = (await exchanged.json()) as Record<string, unknown>
    expect(Object.keys(tokens)).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type'])
    expect(tokens).toMatchObject({ expires_in: 3600, token_type: 'bearer' })
    const claims = claimsOf(String(tokens.access_token))
    expect(claims).toMatchObject({
      sub: account!.id,
      role: 'authenticated',
      aud: 'authenticated',
      client_id: client.client_id,
      scope: 'email profile',
      amr: [{ method: 'oauth_provider/authorization_code', timestamp: expect.any(Number) }],
    })
    expect(Object.keys(claims).slice(-3)).toEqual(['is_anonymous', 'client_id', 'scope'])

    // The REST API takes the token as the user's: RLS shows them their own profile only.
    const profiles = await restAs(String(tokens.access_token)).from('profiles').select('id')
    expect(profiles.error).toBeNull()
    expect(profiles.data).toEqual([{ id: account!.id }])

    const info = await h.call('/oauth/userinfo', {
      headers: { authorization: `Bearer ${String(tokens.access_token)}` },
    })
    expect(await info.json()).toMatchObject({ sub: account!.id, email, email_verified: true, name: email })

    const replay = await h.call('/oauth/token', {
      ...form({ grant_type: 'authorization_code', code, code_verifier: verifier }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.client_id, client.client_secret!),
      },
    })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid authorization code' })

    const refreshed = await h.call('/oauth/token', {
      ...form({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.client_id, client.client_secret!),
      },
    })
    expect(refreshed.status).toBe(200)
    const again = (await refreshed.json()) as Record<string, unknown>
    expect(again.refresh_token).not.toBe(tokens.refresh_token)
    expect(claimsOf(String(again.access_token))).toMatchObject({ client_id: client.client_id, scope: 'email profile' })

    const other = await newClient(h)
    const stolen = await h.call('/oauth/token', {
      ...form({ grant_type: 'refresh_token', refresh_token: String(again.refresh_token) }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(other.client_id, other.client_secret!),
      },
    })
    expect(await stolen.json()).toEqual({
      error: 'invalid_client',
      error_description: "Client does not match the session's OAuth client",
    })

    // The client's session is refreshed only with its client; a user's own session never through /oauth/token.
    const withoutClient = await h.call('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: String(again.refresh_token) }),
    })
    expect(withoutClient.status).toBe(400)
    expect(await withoutClient.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication required for OAuth session',
    })
    const ownSession = await h.call('/oauth/token', {
      ...form({ grant_type: 'refresh_token', refresh_token: session!.refresh_token }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: basic(client.client_id, client.client_secret!),
      },
    })
    expect(await ownSession.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication not allowed for non-OAuth session',
    })
  })

  it('refuses a wrong or missing code verifier, and a wrong secret', async () => {
    const client = await newClient(h, { token_endpoint_auth_method: 'client_secret_post' })
    const { client: user } = await signedInUser(h)
    const { authorizationId, verifier } = await startAuthorization(h, client.client_id)
    const code = await approvedCode(user, authorizationId)
    const exchange = (params: Record<string, string>) =>
      h.call('/oauth/token', form({ grant_type: 'authorization_code', code, client_id: client.client_id, ...params }))

    const wrongSecret = await exchange({ client_secret: 'nope', code_verifier: verifier })
    expect(wrongSecret.status).toBe(400)
    expect(await wrongSecret.json()).toEqual({ code: 'invalid_credentials', message: 'invalid client credentials' })
    const wrong = await exchange({ client_secret: client.client_secret!, code_verifier: pkcePair().verifier })
    expect(await wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed: code challenge does not match previously saved code verifier',
    })
    const missing = await exchange({ client_secret: client.client_secret! })
    expect(await missing.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'PKCE verification failed: code_verifier is required when PKCE challenge is present',
    })
    // The refused attempts did not use the code up.
    const right = await exchange({ client_secret: client.client_secret!, code_verifier: verifier })
    expect(right.status).toBe(200)
  })

  it('gives public clients tokens without a secret, and remembers consent', async () => {
    const client = await newClient(h, { token_endpoint_auth_method: 'none' })
    const { client: user } = await signedInUser(h)
    const first = await startAuthorization(h, client.client_id)
    const code = await approvedCode(user, first.authorizationId)
    const basicForPublic = await h.call('/oauth/token', {
      ...form({ grant_type: 'authorization_code', code, code_verifier: first.verifier }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(client.client_id, 'x') },
    })
    expect(await basicForPublic.json()).toEqual({
      code: 'invalid_credentials',
      message: "invalid authentication method: client is registered for 'none' but 'client_secret_basic' was used",
    })
    const tokens = await h.call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code,
        code_verifier: first.verifier,
        client_id: client.client_id,
      }),
    })
    expect(tokens.status).toBe(200)

    // The same scopes again: approved at once, the details answer is the redirect.
    const second = await startAuthorization(h, client.client_id)
    const details = await user.auth.oauth.getAuthorizationDetails(second.authorizationId)
    expect(Object.keys(details.data ?? {})).toEqual(['redirect_url'])
    expect(new URL((details.data as { redirect_url: string }).redirect_url).searchParams.get('code')).toBeTruthy()

    const grants = await user.auth.oauth.listGrants()
    expect(grants.data).toEqual([
      {
        client: { id: client.client_id, name: 'Notes app' },
        scopes: ['email', 'profile'],
        granted_at: expect.any(String),
      },
    ])
    expect((await user.auth.oauth.revokeGrant({ clientId: client.client_id })).error).toBeNull()
    expect((await user.auth.oauth.listGrants()).data).toEqual([])
    const revokedAgain = await user.auth.oauth.revokeGrant({ clientId: client.client_id })
    expect(revokedAgain.error).toMatchObject({ status: 404, code: 'oauth_consent_not_found' })
  })

  it('sends a denial and bad requests back to the app, and refuses an unregistered redirect in JSON', async () => {
    const client = await newClient(h)
    const { client: user } = await signedInUser(h)
    const { authorizationId } = await startAuthorization(h, client.client_id)
    await user.auth.oauth.getAuthorizationDetails(authorizationId)
    const denied = await user.auth.oauth.denyAuthorization(authorizationId, { skipBrowserRedirect: true })
    expect(denied.data?.redirect_url).toBe(
      `${callback}?error=access_denied&error_description=User+denied+the+request&state=xyz-state`,
    )
    const reused = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
    expect(reused.error).toMatchObject({ status: 400, message: 'authorization request cannot be processed' })

    const noPkce = await h.call(
      `/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: callback, state: 's' })}`,
      { redirect: 'manual' },
    )
    expect(noPkce.status).toBe(302)
    expect(noPkce.headers.get('location')).toBe(
      `${callback}?error=invalid_request&error_description=PKCE+flow+requires+both+code_challenge+and+code_challenge_method&state=s`,
    )
    const badScope = await h.call(
      `/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: callback, scope: 'admin' })}`,
      { redirect: 'manual' },
    )
    expect(new URL(badScope.headers.get('location')!).searchParams.get('error_description')).toBe(
      'unsupported scope: admin',
    )
    const elsewhere = await h.call(
      `/oauth/authorize?${new URLSearchParams({ client_id: client.client_id, redirect_uri: 'http://localhost:1/x' })}`,
      { redirect: 'manual' },
    )
    expect(elsewhere.status).toBe(400)
    expect(await elsewhere.json()).toEqual({ code: 'validation_failed', message: 'invalid redirect_uri' })
    const unknown = await h.call(
      `/oauth/authorize?client_id=${crypto.randomUUID()}&redirect_uri=${encodeURIComponent(callback)}`,
    )
    expect(await unknown.json()).toEqual({ code: 'oauth_client_not_found', message: 'invalid client_id' })
    const stranger = await signedInUser(h)
    const other = await startAuthorization(h, client.client_id)
    await user.auth.oauth.getAuthorizationDetails(other.authorizationId)
    const notTheirs = await stranger.client.auth.oauth.getAuthorizationDetails(other.authorizationId)
    expect(notTheirs.error).toMatchObject({ status: 404, code: 'oauth_authorization_not_found' })
    const fromElsewhere = await h.call(`/oauth/authorizations/${other.authorizationId}`, {
      headers: { authorization: `Bearer ${stranger.session!.access_token}`, origin: 'https://evil.example' },
    })
    expect(fromElsewhere.status).toBe(400)
    expect(await fromElsewhere.json()).toEqual({ code: 'validation_failed', message: 'unauthorized request origin' })
  })

  it('registers clients dynamically and publishes its metadata', async () => {
    const registered = await h.call('/oauth/clients/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'MCP tool', redirect_uris: [callback], token_endpoint_auth_method: 'none' }),
    })
    expect(registered.status).toBe(201)
    expect(await registered.json()).toMatchObject({ registration_type: 'dynamic', client_type: 'public' })
    const metadata = (await (await h.call('/.well-known/oauth-authorization-server')).json()) as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: h.authUrl,
      authorization_endpoint: `${h.authUrl}/oauth/authorize`,
      token_endpoint: `${h.authUrl}/oauth/token`,
      registration_endpoint: `${h.authUrl}/oauth/clients/register`,
      code_challenge_methods_supported: ['S256', 'plain'],
    })
  })
})

describe.skipIf(!testDbUrl())('the OAuth 2.1 server when [auth.oauth_server] is off', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('answers 404 feature_disabled, after the admin check on admin routes', async () => {
    const listed = await h.admin().auth.admin.oauth.listClients()
    expect(listed.error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' })
    const anon = await h.anon().auth.admin.oauth.listClients()
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' })
    for (const [path, init] of [
      ['/oauth/authorize?client_id=x&redirect_uri=y', {}],
      ['/oauth/token', form({ grant_type: 'authorization_code' })],
      ['/oauth/clients/register', { method: 'POST', body: '{}' }],
      ['/.well-known/oauth-authorization-server', {}],
    ] as const) {
      const response = await h.call(path, init)
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({ code: 'feature_disabled', message: 'OAuth server is disabled' })
    }
    // OIDC discovery is served either way, without a registration endpoint.
    const discovery = (await (await h.call('/.well-known/openid-configuration')).json()) as Record<string, unknown>
    expect(discovery.issuer).toBe(h.authUrl)
    expect(discovery).not.toHaveProperty('registration_endpoint')
  })
})

const enableServer = (config: Harness['config']) => {
  config.auth.oauthServer = { enabled: true, authorizationUrlPath: '/oauth/consent', allowDynamicRegistration: false }
}

/** Authorize, approve as a new user, and exchange the code with `scope` (a public client, so no secret). */
async function exchangeWithScope(h: Harness, scope: string, extra: Record<string, string> = {}) {
  const client = await newClient(h, { token_endpoint_auth_method: 'none' })
  const { client: user, user: account, email } = await signedInUser(h)
  const { authorizationId, verifier } = await startAuthorization(h, client.client_id, { scope, ...extra })
  await user.auth.oauth.getAuthorizationDetails(authorizationId)
  const approved = await user.auth.oauth.approveAuthorization(authorizationId, { skipBrowserRedirect: true })
  const code = new URL(approved.data!.redirect_url).searchParams.get('code')!
  const response = await h.call(
    '/oauth/token',
    form({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: client.client_id }),
  )
  return { response, clientId: client.client_id, userId: account!.id, email }
}

describe.skipIf(!testDbUrl())('dynamic registration', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness((config) => {
      enableServer(config)
      config.auth.rateLimitHeader = 'x-client-key'
    })
  })
  afterAll(async () => {
    await h?.stop()
  })

  const register = (key: string) =>
    h.call('/oauth/clients/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-key': key },
      body: JSON.stringify({ redirect_uris: [callback] }),
    })

  it('is refused unless allow_dynamic_registration is on', async () => {
    const refused = await register('a')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      code: 'oauth_dynamic_client_registration_disabled',
      message: 'Dynamic client registration is not enabled',
    })
  })

  it("is limited per client key as GoTrue's OAuthClientRegister limiter: a burst of 30, then 10 per 5 minutes", async () => {
    // The service reads the settings object the harness holds: registration is allowed from here on.
    h.config.auth.oauthServer.allowDynamicRegistration = true
    const key = `burst-${Date.now()}`
    for (let i = 1; i <= 30; i++) expect((await register(key)).status, `registration ${i}`).toBe(201)
    const limited = await register(key)
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })
    expect((await register(`${key}-other`)).status).toBe(201)
  })
})

describe.skipIf(!testDbUrl())('ID tokens for the openid scope', () => {
  let h: Harness
  const dir = mkdtempSync(path.join(tmpdir(), 'summit-oauth-keys-'))
  beforeAll(async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const file = path.join(dir, 'signing_keys.json')
    writeFileSync(file, JSON.stringify([{ ...privateKey.export({ format: 'jwk' }), kid: 'oauth-key', alg: 'RS256' }]))
    h = await startHarness((config) => {
      enableServer(config)
      config.auth.signingKeysPath = file
    })
  })
  afterAll(async () => {
    await h?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('signs one for the client with the nonce and the claims of the granted scopes', async () => {
    const { response, clientId, userId, email } = await exchangeWithScope(h, 'openid email', { nonce: 'n-123' })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, string>
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'token_type'])
    const [header, payload, signature] = body.id_token!.split('.')
    const jwks = (await (await h.call('/.well-known/jwks.json')).json()) as { keys: Record<string, unknown>[] }
    const key = createPublicKey({ key: jwks.keys[0]!, format: 'jwk' } as never)
    expect(verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url'))).toBe(true)
    const claims = claimsOf(body.id_token!)
    expect(claims).toEqual({
      iss: h.authUrl,
      sub: userId,
      aud: [clientId],
      exp: expect.any(Number),
      iat: expect.any(Number),
      nonce: 'n-123',
      auth_time: expect.any(Number),
      email,
      email_verified: true,
      phone_number_verified: false,
      client_id: clientId,
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
  })
})

describe.skipIf(!testDbUrl())('the openid scope with HS256 tokens', () => {
  let h: Harness
  beforeAll(async () => {
    // GoTrue cannot sign ID tokens with HS256 and fails the exchange with a 500.
    h = await startHarness(enableServer, { expectedServerErrors: /^POST \/auth\/v1\/oauth\/token/ })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it("answers GoTrue's 500: Error generating ID token", async () => {
    const { response } = await exchangeWithScope(h, 'openid')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ code: 'unexpected_failure', message: 'Error generating ID token' })
  })
})
