// POST /signup: email and password sign-up (a session at once under autoconfirm, else a confirmation email and
// the user), GoTrue's obfuscated fake user for an address that is already confirmed (so sign-up does not reveal
// who has an account), anonymous sign-ins (no email or phone) when enabled, and phone sign-ups (phone-signup.ts).
import { randomUUID } from 'node:crypto'
import { autoconfirm, type AuthContext } from '../context.ts'
import { inTransaction } from '../db.ts'
import { badRequest, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendConfirmation } from '../mail/send.ts'
import { createFlowState } from '../models/flow-state.ts'
import { userJson } from '../models/serialize.ts'
import { confirmEmail, insertEmailUser, insertUser } from '../models/user-writes.ts'
import { findUserWithEmail, isConfirmed, reloadUser, type UserRow } from '../models/users.ts'
import { passwordProblem } from '../passwords/strength.ts'
import { issueSession } from '../tokens/issue.ts'
import { pkceParams, referrer, validateEmail } from '../validate.ts'
import { phoneSignup } from './phone-signup.ts'
import { grantOf, metadata } from './shared.ts'

export const signup: AuthHandler = async (context, request) => {
  const params = await request.json('SignupParams')
  if (params.string('email') === '' && params.string('phone') === '') {
    if (!context.settings.enableAnonymousSignIns) {
      throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    context.limits.enforce('anonymous', request.clientKey)
    return signUpAnonymously(context, request, metadata(params.object('data')))
  }
  context.limits.enforce('signup', request.clientKey)
  if (!context.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  const password = params.string('password')
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password')
  const weak = passwordProblem(password, context.settings)
  if (weak) throw weak
  if (params.string('email') !== '' && params.string('phone') !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on signup.')
  }
  if (params.string('email') === '') return phoneSignup(context, request, params)
  const pkce = pkceParams(params.string('code_challenge'), params.string('code_challenge_method'))
  if (!context.settings.email.enableSignup) throw badRequest('email_provider_disabled', 'Email signups are disabled')
  const email = validateEmail(params.string('email'))
  const data = metadata(params.object('data'))
  const existing = await findUserWithEmail(context.db, email, context.aud)
  if (existing && isConfirmed(existing)) {
    // GoTrue refuses openly when either autoconfirm is on; the CLI turns sms autoconfirm on by default.
    if (autoconfirm(context) || !context.settings.sms.enableConfirmations) {
      throw unprocessable('user_already_exists', 'User already registered')
    }
    return sendJson(request.res, 200, obfuscatedUser(existing, email, data, context.aud))
  }
  // Hashing happens before the transaction: it takes ~70 ms and must not hold a connection.
  const hash = existing ? '' : await context.hasher.hash(password)
  const result = await inTransaction(context.db, async (db) => {
    const userId = existing?.id ?? (await insertEmailUser(db, { aud: context.aud, email, passwordHash: hash, data }))
    if (autoconfirm(context)) {
      await confirmEmail(db, userId)
      return issueSession(context, db, await reloadUser(db, userId), 'password', grantOf(request))
    }
    const user = await reloadUser(db, userId)
    if (pkce.flow === 'pkce') {
      await createFlowState(db, {
        userId,
        providerType: 'email',
        authMethod: 'email/signup',
        challenge: params.string('code_challenge'),
        method: pkce.method!,
      })
    }
    await sendConfirmation(context, db, user, pkce.flow, referrer(request, context.settings))
    return reloadUser(db, userId)
  })
  if ('access_token' in result) return sendJson(request.res, 200, result)
  const body = userJson(result as UserRow)
  // An invited user's details are not disclosed to whoever signs up with their address.
  if (result.invited_at) Object.assign(body, { user_metadata: {}, identities: [] })
  sendJson(request.res, 200, body)
}

async function signUpAnonymously(context: AuthContext, request: AuthRequest, data: Record<string, unknown>) {
  if (!context.settings.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  const tokens = await inTransaction(context.db, async (db) => {
    const id = await insertUser(db, {
      aud: context.aud,
      role: 'authenticated',
      email: null,
      phone: null,
      passwordHash: '',
      appMetadata: {},
      userMetadata: data,
      isAnonymous: true,
    })
    return issueSession(context, db, await reloadUser(db, id), 'anonymous', grantOf(request))
  })
  sendJson(request.res, 200, tokens)
}

/** GoTrue's sanitizeUser: a plausible unconfirmed user with a fresh id, revealing nothing about the real one. */
function obfuscatedUser(user: UserRow, email: string, data: Record<string, unknown>, aud: string) {
  const now = new Date().toISOString()
  return {
    id: randomUUID(),
    aud,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: user.is_anonymous,
  }
}
