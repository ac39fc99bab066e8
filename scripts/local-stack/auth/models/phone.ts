// Phone users as GoTrue keeps them: looked up by number (digits, no "+"), created with a phone identity, confirmed
// by an SMS code, and the code itself (GoTrue's sendPhoneConfirmation). No SMS leaves the local stack: a number
// listed in [auth.sms.test_otp] gets its fixed code, any other number gets the error GoTrue answers without a provider.
import type { AuthContext } from '../context.ts'
import { newId, tokenHash } from '../crypto.ts'
import { timeMs, type Queryable } from '../db.ts'
import { AuthError, tooManyRequests, unprocessable } from '../errors.ts'
import { clearOneTimeTokens, saveOneTimeToken } from './one-time-tokens.ts'
import { insertIdentity, insertUser, mergeIdentityData, mergeMetadata } from './user-writes.ts'
import { isBanned, nilUuid, userGraphSql, type UserRow } from './users.ts'

export async function findUserByPhone(db: Queryable, phone: string, aud: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${userGraphSql} where u.instance_id = $1 and u.phone = $2 and u.aud = $3 and u.is_sso_user = false`,
    [nilUuid, phone, aud],
  )
  return rows[0]
}

export function isPhoneConfirmed(user: UserRow): boolean {
  return user.phone_confirmed_at !== null
}

/**
 * A phone sign-up: GoTrue builds identity_data from provider.Claims{Subject, Email} (no phone claim) plus the
 * sign-up data, and copies it into user_metadata too. Returns the user's id.
 */
export async function insertPhoneUser(
  db: Queryable,
  fields: { aud: string; phone: string; passwordHash: string; data: Record<string, unknown> },
): Promise<string> {
  const id = newId()
  const identityData = { ...fields.data, sub: id, email_verified: false, phone_verified: false }
  await insertUser(db, {
    id,
    aud: fields.aud,
    role: 'authenticated',
    email: null,
    phone: fields.phone,
    passwordHash: fields.passwordHash,
    appMetadata: { provider: 'phone', providers: ['phone'] },
    userMetadata: identityData,
  })
  await insertIdentity(db, id, 'phone', identityData)
  return id
}

/** GoTrue's ConfirmPhone: confirmed now, phone_verified in the metadata and identity, pending codes voided. */
export async function confirmPhone(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set phone_confirmed_at = now(), confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  )
  await mergeMetadata(db, userId, 'raw_user_meta_data', { phone_verified: true })
  await mergeIdentityData(db, userId, 'phone', { phone_verified: true })
  await clearOneTimeTokens(db, userId)
}

/** The code a test number always receives ([auth.sms.test_otp], GoTrue's GetTestOTP), if the number is one. */
export function testOtpFor(context: AuthContext, phone: string): string | undefined {
  const codes = context.settings.sms.testOtp
  return Object.hasOwn(codes, phone) ? codes[phone] : undefined
}

/**
 * GoTrue's sendPhoneConfirmation for the confirmation code: max_frequency first (for test numbers too), then the
 * test OTP or, for any other number, the hourly SMS budget (unless autoconfirm) and the provider, which is missing.
 * Returns the message id GoTrue reports ("test-otp" for a test number).
 */
export async function sendPhoneConfirmation(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  phone: string,
): Promise<string> {
  const { sms } = context.settings
  const last = timeMs(user.confirmation_sent_at)
  const until = last === undefined ? 0 : last + sms.maxFrequency * 1000
  if (until > Date.now()) {
    const left = Math.trunc((until - Date.now()) / 1000)
    throw tooManyRequests(
      'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    )
  }
  const otp = testOtpFor(context, phone)
  if (otp === undefined) {
    if (sms.enableConfirmations) context.limits.enforceSms()
    throw smsProviderError(context, 'confirmation')
  }
  const hash = tokenHash(phone, otp)
  await db.query(
    `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [user.id, hash],
  )
  await saveOneTimeToken(db, user.id, 'confirmation_token', hash, phone)
  return 'test-otp'
}

/**
 * What GoTrue answers when it would have to send an SMS: without [auth.sms.<provider>] (the CLI's default) it cannot
 * get a provider (500). With one configured it would call the provider, which the local stack does not reach.
 */
export function smsProviderError(
  context: AuthContext,
  otpType: string,
  missing = 'Unable to get SMS provider',
): AuthError {
  if (context.settings.sms.provider === '') return new AuthError(500, 'unexpected_failure', missing)
  return unprocessable(
    'sms_send_failed',
    `Error sending ${otpType} OTP to provider: the local stack does not send SMS through ${context.settings.sms.provider}`,
  )
}

/**
 * GoTrue's verifyUserAndToken for type sms: the user of this number, whose code is the number's test OTP or matches
 * the confirmation code sent less than otp_exp ago (the CLI's GOTRUE_SMS_OTP_EXP: 6000 seconds).
 */
export async function userForSmsCode(
  context: AuthContext,
  db: Queryable,
  phone: string,
  token: string,
): Promise<UserRow> {
  const invalid = new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
  const user = await findUserByPhone(db, phone, context.aud)
  if (!user) throw invalid
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
  if (testOtpFor(context, phone) === token) return user
  const sent = timeMs(user.confirmation_sent_at)
  const fresh = sent !== undefined && Date.now() <= sent + smsOtpExpirySeconds * 1000
  const hash = tokenHash(phone, token)
  if (
    !fresh ||
    !user.confirmation_token ||
    (user.confirmation_token !== hash && user.confirmation_token !== `pkce_${hash}`)
  ) {
    throw invalid
  }
  return user
}

/** GOTRUE_SMS_OTP_EXP as the CLI sets it (config.toml has no key for it). */
export const smsOtpExpirySeconds = 6000
