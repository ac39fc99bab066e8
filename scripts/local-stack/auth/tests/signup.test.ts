// Sign-up and password sign-in through auth-js: confirmation email and link, autoconfirm, GoTrue's obfuscated answer
// for taken addresses, weak passwords, unconfirmed sign-in, seed users, and anonymous sign-ins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimsOf, startHarness, testDbUrl, uniqueEmail, verifyLinkIn, type Harness } from '../testing/harness.ts'

describe.skipIf(!testDbUrl())('sign-up with confirmations on (config.toml)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('creates an unconfirmed user, emails a confirmation link, and the link signs the user in', async () => {
    const email = uniqueEmail('confirm')
    const { data, error } = await h
      .anon()
      .auth.signUp({ email, password: 'summit-secret-1', options: { data: { display_name: 'Ada' } } })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.user_metadata).toMatchObject({ display_name: 'Ada', email, email_verified: false })
    const mail = await h.email(email, 'confirmation')
    expect(mail.Subject).toBe('Confirm Your Email')
    const unconfirmed = await h.anon().auth.signInWithPassword({ email, password: 'summit-secret-1' })
    expect(unconfirmed.error).toMatchObject({
      code: 'email_not_confirmed',
      status: 400,
      message: 'Email not confirmed',
    })

    const link = verifyLinkIn(mail)
    expect(link).toContain(`${h.authUrl}/verify?token=`)
    const response = await fetch(
      `${link.split('redirect_to=')[0]}redirect_to=${encodeURIComponent('http://127.0.0.1:5173/welcome')}`,
      { redirect: 'manual' },
    )
    expect(response.status).toBe(303)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:5173/welcome')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(claimsOf(fragment.get('access_token')!)).toMatchObject({ email, aal: 'aal1', amr: [{ method: 'otp' }] })

    const signedIn = await h.anon().auth.signInWithPassword({ email, password: 'summit-secret-1' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.user_metadata.email_verified).toBe(true)
    // The link is single-use.
    const again = await fetch(link, { redirect: 'manual' })
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    )
  })

  it('confirms a PKCE sign-up with ?code= exchanged for a session', async () => {
    const email = uniqueEmail('pkce-signup')
    const client = h.pkce()
    expect((await client.auth.signUp({ email, password: 'summit-secret-1' })).error).toBeNull()
    const response = await fetch(verifyLinkIn(await h.email(email, 'confirmation')), { redirect: 'manual' })
    const code = new URL(response.headers.get('location')!).searchParams.get('code')
    expect(code).toMatch(/^[0-9a-f-]{36}$/)
    const { data, error } = await client.auth.exchangeCodeForSession(code!)
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(claimsOf(data.session!.access_token).amr).toEqual([
      { method: 'email/signup', timestamp: expect.any(Number) },
    ])
    const wrongVerifier = await h.call('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: crypto.randomUUID(), code_verifier: 'v'.repeat(43) }),
    })
    expect(wrongVerifier.status).toBe(404)
  })

  it('answers a sign-up for a registered address as for a new one: 200, an unconfirmed user, no session', async () => {
    // config.toml turns both email and sms confirmations on, so neither autoconfirm is on and GoTrue answers a
    // confirmed address with a look-alike unconfirmed user (sanitizeUser) instead of user_already_exists.
    const taken = uniqueEmail('taken')
    const created = await h
      .admin()
      .auth.admin.createUser({ email: taken, password: 'summit-secret-1', email_confirm: true })
    const fresh = uniqueEmail('fresh')
    const before = h.inbox.messages().length
    const raw = async (email: string) => {
      const response = await h.call('/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'another-secret-2', data: { display_name: 'Ada' } }),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }
    const registered = await raw(taken)
    const unknown = await raw(fresh)
    expect(registered.status).toBe(200)
    expect(unknown.status).toBe(200)
    // The same fields, an unconfirmed user with a fresh id, no session either way.
    expect(Object.keys(registered.body).sort()).toEqual(
      Object.keys(unknown.body)
        .filter((key) => registered.body[key] !== undefined)
        .sort(),
    )
    for (const body of [registered.body, unknown.body]) {
      expect(body).toMatchObject({
        aud: 'authenticated',
        confirmation_sent_at: expect.any(String),
        is_anonymous: false,
      })
      expect(body).not.toHaveProperty('access_token')
      expect(body).not.toHaveProperty('email_confirmed_at')
    }
    expect(registered.body.id).not.toBe(created.data.user?.id)
    // Only the new address gets an email; the registered account is left as it was.
    expect(h.inbox.messages().length).toBe(before + 1)
    expect(h.inbox.messages().filter((m) => m.To[0]?.Address === fresh)).toHaveLength(1)
    const real = await h.anon().auth.signInWithPassword({ email: taken, password: 'summit-secret-1' })
    expect(real.error).toBeNull()
  })

  it('refuses a registered address openly when sms autoconfirm is on (the CLI default), as GoTrue does', async () => {
    // [auth.sms] enable_confirmations = false makes the CLI set GOTRUE_SMS_AUTOCONFIRM=true, and GoTrue answers
    // user_already_exists whenever mailer or sms autoconfirm is on.
    const open = await startHarness((config) => {
      config.auth.sms.enableConfirmations = false
    })
    try {
      const email = uniqueEmail('taken')
      await open.admin().auth.admin.createUser({ email, password: 'summit-secret-1', email_confirm: true })
      const before = open.inbox.messages().length
      const { error } = await open.anon().auth.signUp({ email, password: 'another-secret-2' })
      expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
      expect(open.inbox.messages().length).toBe(before)
    } finally {
      await open.stop()
    }
  })

  it('resends the confirmation email, once max_frequency has passed', async () => {
    const email = uniqueEmail('resend')
    await h.anon().auth.signUp({ email, password: 'summit-secret-1' })
    const tooSoon = await h.anon().auth.resend({ type: 'signup', email })
    expect(tooSoon.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 })
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const { error } = await h.anon().auth.resend({ type: 'signup', email })
    expect(error).toBeNull()
    expect(h.inbox.messages().filter((m) => m.To[0]?.Address === email)).toHaveLength(2)
  })

  it('rejects weak passwords with GoTrue reasons', async () => {
    const { error } = await h.anon().auth.signUp({ email: uniqueEmail(), password: 'short' })
    expect(error).toMatchObject({ code: 'weak_password', status: 422, reasons: ['length'] })
    expect(error?.message).toBe('Password should be at least 8 characters.')
  })

  it('signs in a user inserted by seed.sql with pgcrypto crypt()', async () => {
    const { data, error } = await h.anon().auth.signInWithPassword({
      email: 'learner@example.com',
      password: 'summit-demo',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe('a0000000-0000-4000-8000-000000000003')
    expect(data.user?.identities?.[0]?.provider).toBe('email')
  })

  it('refuses anonymous sign-ins while they are disabled', async () => {
    const { error } = await h.anon().auth.signInAnonymously()
    expect(error).toMatchObject({ code: 'anonymous_provider_disabled', status: 422 })
  })
})

describe.skipIf(!testDbUrl())('sign-up with confirmations off', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness((config) => {
      config.auth.enableConfirmations = false
      config.auth.enableAnonymousSignIns = true
    })
  })
  afterAll(() => h.stop())

  it('returns a session at once and refuses a second sign-up with user_already_exists', async () => {
    const email = uniqueEmail('auto')
    const { data, error } = await h.anon().auth.signUp({ email, password: 'summit-secret-1' })
    expect(error).toBeNull()
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.expires_in).toBe(3600)
    expect(data.user?.email_confirmed_at).toBeTruthy()
    expect(h.inbox.messages().some((m) => m.To[0]?.Address === email)).toBe(false)
    const second = await h.anon().auth.signUp({ email, password: 'summit-secret-1' })
    expect(second.error).toMatchObject({ code: 'user_already_exists', status: 422, message: 'User already registered' })
  })

  it('signs in anonymously and lets the anonymous user add an email', async () => {
    const client = h.anon()
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } })
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    expect(claimsOf(data.session!.access_token)).toMatchObject({
      is_anonymous: true,
      email: '',
      amr: [{ method: 'anonymous' }],
    })
    const email = uniqueEmail('anon')
    const updated = await client.auth.updateUser({ email })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.email).toBe(email)
    expect(updated.data.user?.is_anonymous).toBe(false)
  })

  it('refuses sign-ups when enable_signup is off', async () => {
    const closed = await startHarness((config) => {
      config.auth.enableSignup = false
    })
    try {
      const { error } = await closed.anon().auth.signUp({ email: uniqueEmail(), password: 'summit-secret-1' })
      expect(error).toMatchObject({ code: 'signup_disabled', status: 422 })
    } finally {
      await closed.stop()
    }
  })
})
