// Phone sign-ups and phone OTP (POST /signup with a phone, POST /otp with a phone) as GoTrue's Signup and SmsOtp:
// under sms autoconfirm (enable_confirmations off, the CLI's default) a sign-up is confirmed and signed in at once,
// otherwise the number gets a confirmation code; /otp signs an unknown number up first, then sends the code.
import { randomUUID } from 'node:crypto'
import { autoconfirm, type AuthContext } from '../context.ts'
import { randomPassword } from '../crypto.ts'
import { inTransaction } from '../db.ts'
import { badRequest, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { Params } from '../http/params.ts'
import {
  confirmPhone,
  findUserByPhone,
  insertPhoneUser,
  isPhoneConfirmed,
  sendPhoneConfirmation,
} from '../models/phone.ts'
import { userJson } from '../models/serialize.ts'
import { reloadUser, type UserRow } from '../models/users.ts'
import { issueSession } from '../tokens/issue.ts'
import { validatePhone } from '../validate.ts'
import { grantOf, metadata } from './shared.ts'

const invalidChannel = "Invalid channel, supported values are 'sms' or 'whatsapp'"

/** sms_provider.IsValidMessageChannel: "sms" always, "whatsapp" only through Twilio. */
export function checkChannel(context: AuthContext, channel: string): void {
  const twilio = context.settings.sms.provider === 'twilio' || context.settings.sms.provider === 'twilio_verify'
  if (channel !== 'sms' && !(channel === 'whatsapp' && twilio)) throw badRequest('validation_failed', invalidChannel)
}

/** The rest of POST /signup once GoTrue's common checks passed and the body names a phone. */
export async function phoneSignup(context: AuthContext, request: AuthRequest, params: Params): Promise<void> {
  checkChannel(context, params.string('channel') || 'sms')
  if (params.string('code_challenge') !== '') {
    throw badRequest('validation_failed', 'PKCE not supported for phone signups')
  }
  if (!context.settings.sms.enableSignup) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
  const phone = validatePhone(params.string('phone'))
  const data = metadata(params.object('data'))
  const result = await signUpPhone(context, request, phone, params.string('password'), data)
  sendJson(request.res, 200, result)
}

/** GoTrue's Signup for a phone: the session (autoconfirm), the unconfirmed user, or the answer for a taken number. */
async function signUpPhone(
  context: AuthContext,
  request: AuthRequest,
  phone: string,
  password: string,
  data: Record<string, unknown>,
): Promise<unknown> {
  const existing = await findUserByPhone(context.db, phone, context.aud)
  if (existing && isPhoneConfirmed(existing)) {
    if (autoconfirm(context) || !context.settings.sms.enableConfirmations) {
      throw unprocessable('user_already_exists', 'User already registered')
    }
    return obfuscatedPhoneUser(existing, phone, data, context.aud)
  }
  // Hashing happens before the transaction: it takes ~70 ms and must not hold a connection.
  const hash = existing ? '' : await context.hasher.hash(password)
  const outcome = await inTransaction(context.db, async (db) => {
    const id = existing?.id ?? (await insertPhoneUser(db, { aud: context.aud, phone, passwordHash: hash, data }))
    if (!context.settings.sms.enableConfirmations) {
      await confirmPhone(db, id)
      return issueSession(context, db, await reloadUser(db, id), 'password', grantOf(request))
    }
    await sendPhoneConfirmation(context, db, await reloadUser(db, id), phone)
    return reloadUser(db, id)
  })
  return 'access_token' in outcome ? outcome : userJson(outcome as UserRow)
}

/** GoTrue's sanitizeUser for a phone sign-up: a fresh id and nothing confirmed, revealing nothing. */
function obfuscatedPhoneUser(user: UserRow, phone: string, data: Record<string, unknown>, aud: string) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud,
    role: '',
    email: '',
    phone,
    confirmation_sent_at: now,
    app_metadata: { provider: 'phone', providers: ['phone'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: user.is_anonymous,
  }
}

/**
 * GoTrue's SmsOtp (POST /otp with a phone): an unknown or unconfirmed number is signed up with a throw-away
 * password; under autoconfirm the new user is confirmed and then gets the code like anyone else.
 */
export async function phoneOtp(context: AuthContext, request: AuthRequest, params: Params): Promise<void> {
  if (!context.settings.sms.enableSignup) throw badRequest('phone_provider_disabled', 'Unsupported phone provider')
  const channel = params.string('channel') || 'sms'
  checkChannel(context, channel)
  const phone = validatePhone(params.string('phone'))
  let user = await findUserByPhone(context.db, phone, context.aud)
  if (!user || !isPhoneConfirmed(user)) {
    if (!context.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
    const data = metadata(params.object('data'))
    // With confirmations on, the sign-up itself sent the code; otherwise the user is now confirmed.
    await signUpPhone(context, request, phone, randomPassword(), data)
    if (context.settings.sms.enableConfirmations) return sendJson(request.res, 200, {})
    user = await findUserByPhone(context.db, phone, context.aud)
    if (!user) throw new Error('phone user vanished after sign-up')
  }
  const confirmed = user
  const messageId = await inTransaction(context.db, (db) => sendPhoneConfirmation(context, db, confirmed, phone))
  sendJson(request.res, 200, messageId ? { message_id: messageId } : {})
}
