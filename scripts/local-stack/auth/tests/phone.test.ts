// Phone sign-up, sign-in, OTP and MFA through auth-js with [auth.sms] enabled and [auth.sms.test_otp] numbers, as
// GoTrue answers under supabase start with no SMS provider: test numbers get their fixed code, any other number
// GoTrue's provider error; phone MFA enrols but cannot be challenged (GoTrue never uses test OTPs for MFA).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StackConfig } from '../../config/index.ts'
import { claimsOf, signedInUser, startHarness, testDbUrl, type Harness } from '../testing/harness.ts'

let counter = 0
/** A number no other run uses: 1555 + pid + counter, 11-15 digits as E.164 wants. */
function uniquePhone(): string {
  counter += 1
  return `1555${String(process.pid).padStart(7, '0')}${String(counter).padStart(3, '0')}`.slice(0, 15)
}

function withSms(confirmations: boolean, testNumbers: string[]) {
  return (config: StackConfig) => {
    config.auth.sms = {
      ...config.auth.sms,
      enableSignup: true,
      enableConfirmations: confirmations,
      maxFrequency: 0,
      testOtp: Object.fromEntries(testNumbers.map((phone) => [phone, '123456'])),
    }
    config.auth.mfa.phone = { ...config.auth.mfa.phone, enrollEnabled: true, verifyEnabled: true }
  }
}

const expectedServerErrors = /^POST \/auth\/v1\/(otp|signup|factors\/[^/]+\/challenge)/
// auth-js turns any 5xx into an AuthRetryableFetchError carrying GoTrue's message; the body is checked raw below.
const providerError = { name: 'AuthRetryableFetchError', status: 500, message: 'Unable to get SMS provider' }

describe.skipIf(!testDbUrl())('phone auth with sms enabled and confirmations off (the CLI default)', () => {
  let h: Harness
  const testPhone = uniquePhone()
  const otpPhone = uniquePhone()
  beforeAll(async () => {
    h = await startHarness(withSms(false, [testPhone, otpPhone]), { expectedServerErrors })
  })
  afterAll(() => h.stop())

  it('reports the phone provider in /settings', async () => {
    const settings = (await (await h.call('/settings')).json()) as { external: Record<string, boolean> }
    expect(settings).toMatchObject({ phone_autoconfirm: true, sms_provider: '' })
    expect(settings.external.phone).toBe(true)
  })

  it('signs a phone user up and in with a password, then refuses the number again', async () => {
    const phone = uniquePhone()
    const { data, error } = await h.anon().auth.signUp({ phone: `+${phone}`, password: 'summit-secret-1' })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ phone, email: '', app_metadata: { provider: 'phone', providers: ['phone'] } })
    expect(data.user?.phone_confirmed_at).toBeTruthy()
    expect(claimsOf(data.session!.access_token)).toMatchObject({ phone, amr: [{ method: 'password' }] })
    const signedIn = await h.anon().auth.signInWithPassword({ phone: `+${phone}`, password: 'summit-secret-1' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.id).toBe(data.user?.id)
    const wrong = await h.anon().auth.signInWithPassword({ phone, password: 'not-the-password' })
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const again = await h.anon().auth.signUp({ phone, password: 'summit-secret-2' })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
  })

  it('sends a test number its fixed code and signs it in with verifyOtp type sms', async () => {
    const client = h.anon()
    const sent = await client.auth.signInWithOtp({ phone: `+${testPhone}` })
    expect(sent.error).toBeNull()
    expect(sent.data.messageId).toBe('test-otp')
    const bad = await client.auth.verifyOtp({ phone: testPhone, token: '000000', type: 'sms' })
    expect(bad.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    const { data, error } = await client.auth.verifyOtp({ phone: `+${testPhone}`, token: '123456', type: 'sms' })
    expect(error).toBeNull()
    expect(data.user?.phone).toBe(testPhone)
    expect(claimsOf(data.session!.access_token)).toMatchObject({ amr: [{ method: 'otp' }] })
    // An existing, confirmed number gets its code again (max_frequency is 0 here).
    expect((await client.auth.signInWithOtp({ phone: testPhone })).data.messageId).toBe('test-otp')
  })

  it('answers any other number with GoTrue error for a missing SMS provider', async () => {
    const { error } = await h.anon().auth.signInWithOtp({ phone: uniquePhone() })
    expect(error).toMatchObject(providerError)
    const raw = await h.call('/otp', { method: 'POST', body: JSON.stringify({ phone: uniquePhone() }) })
    expect(raw.status).toBe(500)
    expect(raw.headers.get('x-sb-error-code')).toBe('unexpected_failure')
    expect(await raw.json()).toEqual({ code: 'unexpected_failure', message: 'Unable to get SMS provider' })
    const refused = await h.anon().auth.signInWithOtp({ phone: uniquePhone(), options: { shouldCreateUser: false } })
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' })
    const invalid = await h.anon().auth.signInWithOtp({ phone: '+0123' })
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('enrols a phone factor but fails its challenge as GoTrue does without an SMS provider', async () => {
    const { client } = await signedInUser(h)
    const enrolled = await client.auth.mfa.enroll({ factorType: 'phone', phone: `+${otpPhone}` })
    expect(enrolled.error).toBeNull()
    expect(enrolled.data).toMatchObject({ type: 'phone', phone: otpPhone })
    const challenge = await client.auth.mfa.challenge({ factorId: enrolled.data!.id })
    expect(challenge.error).toMatchObject({ ...providerError, message: 'Failed to get SMS provider' })
    const missing = await client.auth.mfa.enroll({ factorType: 'phone', phone: '' })
    expect(missing.error).toMatchObject({ status: 400, message: 'Phone number required to enroll Phone factor' })
  })
})

describe.skipIf(!testDbUrl())('phone auth with sms confirmations on', () => {
  let h: Harness
  const testPhone = uniquePhone()
  beforeAll(async () => {
    h = await startHarness(withSms(true, [testPhone]), { expectedServerErrors })
  })
  afterAll(() => h.stop())

  it('confirms a test number sign-up with its code; until then the password is refused', async () => {
    const client = h.anon()
    const { data, error } = await client.auth.signUp({ phone: testPhone, password: 'summit-secret-1' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.phone).toBe(testPhone)
    expect(data.user?.phone_confirmed_at).toBeUndefined()
    const early = await client.auth.signInWithPassword({ phone: testPhone, password: 'summit-secret-1' })
    expect(early.error).toMatchObject({ status: 400, code: 'phone_not_confirmed', message: 'Phone not confirmed' })
    const verified = await client.auth.verifyOtp({ phone: testPhone, token: '123456', type: 'sms' })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy()
    expect((await client.auth.signInWithPassword({ phone: testPhone, password: 'summit-secret-1' })).error).toBeNull()
  })

  it('answers a sign-up of any other number with the provider error', async () => {
    const { error } = await h.anon().auth.signUp({ phone: uniquePhone(), password: 'summit-secret-1' })
    expect(error).toMatchObject(providerError)
  })
})

describe.skipIf(!testDbUrl())('phone auth and other disabled features with the project config.toml', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('answers GoTrue own phone_provider_disabled errors', async () => {
    const client = h.anon()
    const phone = uniquePhone()
    expect((await client.auth.signUp({ phone, password: 'summit-secret-1' })).error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone signups are disabled',
    })
    expect((await client.auth.signInWithOtp({ phone })).error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Unsupported phone provider',
    })
    expect((await client.auth.signInWithPassword({ phone, password: 'summit-secret-1' })).error).toMatchObject({
      status: 422,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    })
  })

  it('refuses phone MFA enrolment while [auth.mfa.phone] is off', async () => {
    const { client } = await signedInUser(h)
    const { error } = await client.auth.mfa.enroll({ factorType: 'phone', phone: uniquePhone() })
    expect(error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' })
  })
})
