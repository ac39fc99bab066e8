// Bad input at the HTTP edge, raw: GoTrue's error bodies (2024-01-01 and legacy) and the version echo, malformed
// emails, empty and 10 kB passwords, invalid, expired, forged and alg:none JWTs, wrong content types and JSON, and
// random bodies; the answer is always GoTrue's 4xx, never a 500 (the harness fails the suite on any 5xx).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonKey } from '../../keys/index.ts'
import { signHs256 } from '../../keys/jwt.ts'
import { signedInUser, startHarness, testDbUrl, uniqueEmail, type Harness } from '../testing/harness.ts'

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
})

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe.skipIf(!testDbUrl())('errors and bad input', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('echoes X-Supabase-Api-Version and answers {code, message}; legacy clients get {code, error_code, msg}', async () => {
    const modern = await h.call('/token?grant_type=password', json({ email: uniqueEmail(), password: 'whatever-1' }))
    expect(modern.status).toBe(400)
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(await modern.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
    const legacy = await fetch(`${h.authUrl}/token?grant_type=password`, json({ email: uniqueEmail(), password: 'x' }))
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull()
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    })
  })

  it('rejects malformed emails with validation_failed', async () => {
    for (const email of ['not-an-email', 'a@', '@example.com', 'a b@example.com', `${'x'.repeat(250)}@example.com`]) {
      const { error } = await h.anon().auth.signUp({ email, password: 'summit-secret-1' })
      expect(error, email).toMatchObject({ code: 'validation_failed', status: 400 })
    }
    const { error } = await h.anon().auth.signUp({ email: 'nope', password: 'summit-secret-1' })
    expect(error?.message).toBe('Unable to validate email address: invalid format')
  })

  it('rejects empty and 10 kB passwords', async () => {
    const empty = await h.anon().auth.signUp({ email: uniqueEmail(), password: '' })
    expect(empty.error).toMatchObject({ code: 'validation_failed', message: 'Signup requires a valid password' })
    const huge = await h.anon().auth.signUp({ email: uniqueEmail(), password: 'p'.repeat(10_240) })
    expect(huge.error).toMatchObject({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    })
    const { email } = await signedInUser(h)
    const started = performance.now()
    const signIn = await h.anon().auth.signInWithPassword({ email, password: 'p'.repeat(10_240) })
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' })
    expect(performance.now() - started).toBeLessThan(2000)
    const blank = await h.anon().auth.signInWithPassword({ email, password: '' })
    expect(blank.error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('answers bad, expired, forged and alg:none JWTs with bad_jwt, and no token with no_authorization', async () => {
    const { user } = await signedInUser(h)
    const now = Math.floor(Date.now() / 1000)
    const claims = { sub: user.id, aud: 'authenticated', role: 'authenticated', exp: now + 600 }
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${Buffer.from('forged').toString('base64url')}`
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`
    const cases: [string, number, string, RegExp][] = [
      ['garbage', 403, 'bad_jwt', /invalid JWT/],
      [signHs256({ ...claims, exp: now - 10 }), 403, 'bad_jwt', /token is expired/],
      // A string exp would never expire; a future nbf is not valid yet (one validation for every service).
      [signHs256({ ...claims, exp: String(now + 3600) }), 403, 'bad_jwt', /could not JSON decode claim/],
      [signHs256({ ...claims, nbf: now + 600 }), 403, 'bad_jwt', /token is not valid yet/],
      [forged, 403, 'bad_jwt', /signature is invalid/],
      [none, 403, 'bad_jwt', /invalid JWT/],
      [anonKey, 403, 'bad_jwt', /missing sub claim/],
      [signHs256({ ...claims, sub: crypto.randomUUID() }), 403, 'user_not_found', /does not exist/],
      [signHs256({ ...claims, sub: 'not-a-uuid' }), 400, 'bad_jwt', /must be a UUID/],
      [signHs256({ ...claims, session_id: crypto.randomUUID() }), 403, 'session_not_found', /does not exist/],
    ]
    for (const [token, status, code, message] of cases) {
      const response = await h.call('/user', { headers: { authorization: `Bearer ${token}` } })
      expect(response.status, token).toBe(status)
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code, token).toBe(code)
      expect(body.message, token).toMatch(message)
    }
    const missing = await h.call('/user')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' })
    // auth-js treats a missing session as signed out.
    const viaClient = await h.anon().auth.getUser(signHs256({ ...claims, session_id: crypto.randomUUID() }))
    expect(viaClient.error?.name).toBe('AuthSessionMissingError')
  })

  it('decodes JSON whatever the Content-Type, and answers bad_json for anything else', async () => {
    const { email, password } = await signedInUser(h)
    const plain = await h.call('/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email, password }),
    })
    expect(plain.status).toBe(200)
    const bodies: [string, string, RegExp][] = [
      ['application/x-www-form-urlencoded', `email=${email}&password=${password}`, /invalid character 'e'/],
      ['application/json', '{"email": ', /Could not parse request body as JSON/],
      ['application/json', '', /unexpected end of JSON input/],
      ['application/json', '[1, 2]', /cannot unmarshal array into Go value of type api.PasswordGrantParams/],
      ['application/json', '{"email": 42}', /cannot unmarshal number into Go struct field PasswordGrantParams.email/],
    ]
    for (const [type, body, message] of bodies) {
      const response = await h.call('/token?grant_type=password', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      })
      expect(response.status, body).toBe(400)
      const parsed = (await response.json()) as { code: string; message: string }
      expect(parsed.code, body).toBe('bad_json')
      expect(parsed.message, body).toMatch(message)
    }
  })

  it('answers unknown grants, paths and methods as GoTrue does', async () => {
    const grant = await h.call('/token?grant_type=magic', json({}))
    expect(grant.status).toBe(400)
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' })
    const missing = await h.call('/nope')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toBe('404 page not found\n')
    expect((await h.call('/signup', { method: 'GET' })).status).toBe(405)
    const refresh = await h.call('/token?grant_type=refresh_token', json({}))
    expect(await refresh.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' })
  })

  it('serves /health, /settings and an empty JWKS for HS256', async () => {
    expect(await (await h.call('/health')).json()).toMatchObject({ name: 'GoTrue', version: 'v2.189.0' })
    const settings = (await (await h.call('/settings')).json()) as { external: Record<string, boolean> }
    // Exactly what the project config enables: email sign-ups with confirmations, passkeys, nothing else.
    const { external, ...rest } = settings
    expect(rest).toEqual({
      disable_signup: false,
      mailer_autoconfirm: false,
      // [auth.sms] enable_confirmations = true, so that sign-up does not tell who has an account.
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkey_enabled: true,
    })
    expect(Object.entries(external).filter(([, on]) => on)).toEqual([['email', true]])
    expect(external).toMatchObject({ phone: false, anonymous_users: false, github: false, google: false })
    expect(await (await h.call('/.well-known/jwks.json')).json()).toEqual({ keys: [] })
  })

  it('answers disabled web3, OAuth providers and the OAuth 2.1 server as GoTrue does', async () => {
    const web3 = await h.call('/token?grant_type=web3', json({ chain: 'solana', message: 'x', signature: 'y' }))
    expect(web3.status).toBe(422)
    expect(await web3.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' })
    const github = await h.anon().auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } })
    const redirect = await fetch(github.data.url!, { redirect: 'manual' })
    expect(redirect.status).toBe(400)
    expect(await redirect.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
    const unknown = await h.call('/authorize?provider=myspace')
    expect(await unknown.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: Provider myspace could not be found',
    })
    // With [auth.oauth_server] off GoTrue still routes these paths, to its requireOAuthServerEnabled 404.
    for (const path of ['/oauth/authorize', '/oauth/clients/register', '/.well-known/oauth-authorization-server']) {
      const off = await h.call(path, path.endsWith('register') ? json({}) : {})
      expect(off.status, path).toBe(404)
      expect(await off.json(), path).toEqual({ code: 'feature_disabled', message: 'OAuth server is disabled' })
    }
  })

  it('never answers a random body with a server error', async () => {
    const endpoints = [
      '/signup',
      '/token?grant_type=password',
      '/token?grant_type=refresh_token',
      '/token?grant_type=pkce',
      '/verify',
      '/otp',
      '/recover',
      '/resend',
      '/passkeys/authentication/verify',
    ]
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), fc.jsonValue(), async (endpoint, body) => {
        const response = await h.call(endpoint, json(body))
        await response.arrayBuffer()
        return response.status < 500
      }),
      { numRuns: 120 },
    )
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (email, password) => {
        const response = await h.call('/token?grant_type=password', json({ email, password }))
        await response.arrayBuffer()
        return response.status >= 400 && response.status < 500
      }),
      { numRuns: 60 },
    )
  })
})
