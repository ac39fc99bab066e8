// Emailed links and codes through auth-js: magic links (implicit and PKCE), email codes, sign-up by OTP, password
// recovery, token_hash verification, reauthentication, and expired or wrong codes.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  claimsOf,
  codeIn,
  signedInUser,
  startHarness,
  testDbUrl,
  uniqueEmail,
  verifyLinkIn,
  type Harness,
} from '../testing/harness.ts'

async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location')!)
}

describe.skipIf(!testDbUrl())('magic links, codes and recovery', () => {
  let h: Harness
  let db: pg.Client
  beforeAll(async () => {
    h = await startHarness()
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
  })
  afterAll(async () => {
    await db.end()
    await h.stop()
  })

  it('emails a magic link whose GET link redirects with the session in the fragment', async () => {
    const { email } = await signedInUser(h)
    expect((await h.anon().auth.signInWithOtp({ email })).error).toBeNull()
    const mail = await h.email(email, 'magic_link')
    expect(mail.Subject).toBe('Your Magic Link')
    const location = await follow(verifyLinkIn(mail))
    expect(location.origin).toBe('http://127.0.0.1:5173')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('magiclink')
    expect(claimsOf(fragment.get('access_token')!).email).toBe(email)
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/)
  })

  it('signs in with the code from the magic-link email', async () => {
    const { email } = await signedInUser(h)
    await h.anon().auth.signInWithOtp({ email })
    const client = h.anon()
    const { data, error } = await client.auth.verifyOtp({ email, token: codeIn(await h.email(email)), type: 'email' })
    expect(error).toBeNull()
    expect(claimsOf(data.session!.access_token).amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }])
  })

  it('signs up an unknown address by OTP with the confirmation email, or refuses when create_user is false', async () => {
    const refused = await h
      .anon()
      .auth.signInWithOtp({ email: uniqueEmail('nobody'), options: { shouldCreateUser: false } })
    expect(refused.error).toMatchObject({ code: 'otp_disabled', status: 422 })
    const email = uniqueEmail('otp-new')
    expect((await h.anon().auth.signInWithOtp({ email, options: { data: { plan: 'pro' } } })).error).toBeNull()
    const mail = await h.email(email, 'confirmation')
    const { data, error } = await h.anon().auth.verifyOtp({ email, token: codeIn(mail), type: 'email' })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(data.user?.user_metadata.plan).toBe('pro')
  })

  it('runs the PKCE flow: ?code= in the redirect, exchanged once for a session', async () => {
    const { email } = await signedInUser(h)
    const client = h.pkce()
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
    const link = verifyLinkIn(await h.email(email, 'magic_link'))
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/)
    const code = (await follow(link)).searchParams.get('code')!
    const { data, error } = await client.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(claimsOf(data.session!.access_token).amr).toEqual([{ method: 'magiclink', timestamp: expect.any(Number) }])
    const again = await fetch(`${h.authUrl}/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    })
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ code: 'flow_state_not_found' })
  })

  it('recovers a password: recovery email, code, then updateUser with the new password', async () => {
    const { email } = await signedInUser(h)
    expect((await h.anon().auth.resetPasswordForEmail(email)).error).toBeNull()
    const mail = await h.email(email, 'recovery')
    expect(mail.Subject).toBe('Reset Your Password')
    const client = h.anon()
    const verified = await client.auth.verifyOtp({ email, token: codeIn(mail), type: 'recovery' })
    expect(verified.error).toBeNull()
    expect((await client.auth.updateUser({ password: 'brand-new-secret-9' })).error).toBeNull()
    const signIn = await h.anon().auth.signInWithPassword({ email, password: 'brand-new-secret-9' })
    expect(signIn.error).toBeNull()
    // Unknown addresses get the same answer and no email.
    const before = h.inbox.messages().length
    expect((await h.anon().auth.resetPasswordForEmail(uniqueEmail('ghost'))).error).toBeNull()
    expect(h.inbox.messages().length).toBe(before)
  })

  it('verifies a token_hash (from generate_link) and refuses it once used or expired', async () => {
    const { email } = await signedInUser(h)
    const link = await h.admin().auth.admin.generateLink({ type: 'magiclink', email })
    const hash = link.data.properties!.hashed_token
    const { data, error } = await h.anon().auth.verifyOtp({ token_hash: hash, type: 'magiclink' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    const reused = await h.anon().auth.verifyOtp({ token_hash: hash, type: 'magiclink' })
    expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 })

    const fresh = await h.admin().auth.admin.generateLink({ type: 'magiclink', email })
    await db.query(`update auth.users set recovery_sent_at = now() - interval '2 hours' where email = $1`, [email])
    const expired = await h
      .anon()
      .auth.verifyOtp({ token_hash: fresh.data.properties!.hashed_token, type: 'magiclink' })
    expect(expired.error).toMatchObject({ code: 'otp_expired', message: 'Email link is invalid or has expired' })
  })

  it('refuses a wrong code with otp_expired and a bad link with an error redirect', async () => {
    const { email } = await signedInUser(h)
    const wrong = await h.anon().auth.verifyOtp({ email, token: '000000', type: 'email' })
    expect(wrong.error).toMatchObject({ code: 'otp_expired', status: 403, message: 'Token has expired or is invalid' })
    const location = await follow(`${h.authUrl}/verify?token=nonsense&type=signup&redirect_to=http://127.0.0.1:5173/x`)
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(location.pathname).toBe('/x')
    expect(Object.fromEntries(fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    })
  })

  it('refuses a verification type named after an Object.prototype member as an invalid type, not a 500', async () => {
    const { email } = await signedInUser(h)
    for (const type of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const byHash = await h.call('/verify', { method: 'POST', body: JSON.stringify({ type, token_hash: 'x' }) })
      expect(byHash.status).toBe(400)
      expect(await byHash.json()).toMatchObject({ code: 'validation_failed' })
      const byCode = await h.call('/verify', { method: 'POST', body: JSON.stringify({ type, token: '123456', email }) })
      expect(byCode.status).toBe(400)
      expect(await byCode.json()).toMatchObject({ code: 'validation_failed' })
      const location = await follow(`${h.authUrl}/verify?token=x&type=${type}&redirect_to=http://127.0.0.1:5173/x`)
      expect(location.pathname).toBe('/x')
      expect(Object.fromEntries(new URLSearchParams(location.hash.slice(1)))).toMatchObject({
        error: 'invalid_request',
        error_code: 'validation_failed',
      })
    }
  })
  it('sends a reauthentication code to the signed-in user', async () => {
    const { client, email } = await signedInUser(h)
    expect((await client.auth.reauthenticate()).error).toBeNull()
    const mail = await h.email(email, 'reauthentication')
    expect(mail.Subject).toBe('Confirm reauthentication')
    expect(codeIn(mail)).toMatch(/^\d{6}$/)
  })

  it('ignores redirect_to URLs outside site_url and additional_redirect_urls', async () => {
    const { email } = await signedInUser(h)
    await h.anon().auth.signInWithOtp({ email, options: { emailRedirectTo: 'https://evil.example/steal' } })
    const location = await follow(verifyLinkIn(await h.email(email, 'magic_link')))
    expect(location.origin).toBe('http://127.0.0.1:5173')
  })
})
