// Emails on request: POST /otp and /magiclink (magic link and code; an unknown or unconfirmed address is signed up
// and gets the confirmation email instead, unless create_user is false), POST /recover (always {} so it does not
// reveal which addresses exist) and POST /resend (confirmation or email change, again).
import { autoconfirm, type AuthContext } from '../context.ts'
import { randomPassword } from '../crypto.ts'
import { inTransaction, type Queryable } from '../db.ts'
import { badRequest, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendConfirmation, sendEmailChange, sendRecovery } from '../mail/send.ts'
import { createFlowState } from '../models/flow-state.ts'
import { confirmEmail, insertEmailUser } from '../models/user-writes.ts'
import { findUserByEmail, isConfirmed, reloadUser, type UserRow } from '../models/users.ts'
import { findUserByPhone } from '../models/phone.ts'
import { pkceParams, referrer, validateEmail, validatePhone, type FlowType } from '../validate.ts'
import { phoneOtp } from './phone-signup.ts'
import { metadata } from './shared.ts'

export const otp: AuthHandler = async (context, request) => {
  const params = await request.json('OtpParams')
  const email = params.string('email')
  if (email !== '' && params.string('phone') !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided')
  }
  if (email !== '' && params.string('channel') !== '') {
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP')
  }
  const pkce = pkceParams(params.string('code_challenge'), params.string('code_challenge_method'))
  if (email === '' && params.string('phone') === '') {
    throw badRequest('validation_failed', 'One of email or phone must be set')
  }
  if (email === '') {
    // shouldCreateUser runs before SmsOtp: create_user false and an unknown number answer otp_disabled.
    if (!params.boolean('create_user', true)) {
      const phone = validatePhone(params.string('phone'))
      if (!(await findUserByPhone(context.db, phone, context.aud))) {
        throw unprocessable('otp_disabled', 'Signups not allowed for otp')
      }
    }
    return phoneOtp(context, request, params)
  }
  const address = validateEmail(email)
  if (!params.boolean('create_user', true) && !(await findUserByEmail(context.db, address, context.aud))) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp')
  }
  await magicLink(context, request, address, metadata(params.object('data')), pkce, params.string('code_challenge'))
}

export const magicLinkRoute: AuthHandler = async (context, request) => {
  const params = await request.json('MagicLinkParams')
  if (params.string('email') === '') throw unprocessable('validation_failed', 'Password recovery requires an email')
  const address = validateEmail(params.string('email'))
  const pkce = pkceParams(params.string('code_challenge'), params.string('code_challenge_method'))
  await magicLink(context, request, address, metadata(params.object('data')), pkce, params.string('code_challenge'))
}

export const recover: AuthHandler = async (context, request) => {
  const params = await request.json('RecoverParams')
  if (!context.settings.email.enableSignup) throw badRequest('email_provider_disabled', 'Email logins are disabled')
  if (params.string('email') === '') throw badRequest('validation_failed', 'Password recovery requires an email')
  const address = validateEmail(params.string('email'))
  const pkce = pkceParams(params.string('code_challenge'), params.string('code_challenge_method'))
  const user = await findUserByEmail(context.db, address, context.aud)
  if (user) {
    await inTransaction(context.db, async (db) => {
      await pkceState(db, user, pkce, params.string('code_challenge'), 'recovery')
      await sendRecovery(context, db, user, pkce.flow, referrer(request, context.settings), 'recovery')
    })
  }
  sendJson(request.res, 200, {})
}

export const resend: AuthHandler = async (context, request) => {
  const params = await request.json('ResendConfirmationParams')
  const type = params.string('type')
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw badRequest('validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  const email = params.string('email')
  const phone = params.string('phone')
  if (email === '' && type === 'signup')
    throw badRequest('validation_failed', 'Type provided requires an email address')
  if (phone === '' && type === 'sms') throw badRequest('validation_failed', 'Type provided requires a phone number')
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided.')
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'Missing email address or phone number')
  if (email === '') throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  const user = await findUserByEmail(context.db, validateEmail(email), context.aud)
  const target = referrer(request, context.settings)
  if (user && type === 'signup' && !isConfirmed(user)) {
    await inTransaction(context.db, (db) => sendConfirmation(context, db, user, 'implicit', target))
  } else if (user && type === 'email_change' && (user.email_change ?? '') !== '') {
    const newEmail = user.email_change!
    await inTransaction(context.db, (db) => sendEmailChange(context, db, user, newEmail, 'implicit', target))
  }
  sendJson(request.res, 200, {})
}

async function pkceState(
  db: Queryable,
  user: UserRow,
  pkce: ReturnType<typeof pkceParams>,
  challenge: string,
  method: 'recovery' | 'magiclink' | 'email/signup',
): Promise<void> {
  if (pkce.flow !== 'pkce') return
  const providerType = method === 'email/signup' ? 'email' : method
  await createFlowState(db, { userId: user.id, providerType, authMethod: method, challenge, method: pkce.method! })
}

/**
 * GoTrue's MagicLink: a confirmed user gets the magic-link email; an unknown or unconfirmed address is signed up
 * with a throw-away password and gets the confirmation email (or, under autoconfirm, is confirmed at once and then
 * gets the magic link).
 */
async function magicLink(
  context: AuthContext,
  request: AuthRequest,
  email: string,
  data: Record<string, unknown>,
  pkce: { flow: FlowType; method: 's256' | 'plain' | undefined },
  challenge: string,
): Promise<void> {
  if (!context.settings.email.enableSignup) throw unprocessable('email_provider_disabled', 'Email logins are disabled')
  const target = referrer(request, context.settings)
  let user = await findUserByEmail(context.db, email, context.aud)
  if (!user || !isConfirmed(user)) {
    if (!user && !context.settings.enableSignup) {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
    }
    const hash = user ? '' : await context.hasher.hash(randomPassword())
    const existing = user
    user = await inTransaction(context.db, async (db) => {
      const id = existing?.id ?? (await insertEmailUser(db, { aud: context.aud, email, passwordHash: hash, data }))
      const created = await reloadUser(db, id)
      if (autoconfirm(context)) {
        await confirmEmail(db, id)
        return reloadUser(db, id)
      }
      await pkceState(db, created, pkce, challenge, 'email/signup')
      await sendConfirmation(context, db, created, pkce.flow, target)
      return undefined
    })
    if (!user) return sendJson(request.res, 200, {})
  }
  const confirmed = user
  await inTransaction(context.db, async (db) => {
    await pkceState(db, confirmed, pkce, challenge, 'magiclink')
    await sendRecovery(context, db, confirmed, pkce.flow, target, 'magic_link')
  })
  sendJson(request.res, 200, {})
}
