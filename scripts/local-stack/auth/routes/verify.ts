// /verify. GET is the link in an email: it verifies, then redirects (303) to redirect_to with the session in the
// URL fragment, or with ?code= in the PKCE flow, or with the error in the fragment. POST takes {type, token,
// email} (a typed code) or {type, token_hash} from the app and answers with the session.
import { applyVerification, singleConfirmationAccepted } from '../confirmations.ts'
import type { AuthContext } from '../context.ts'
import { tokenHash } from '../crypto.ts'
import { inTransaction } from '../db.ts'
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { encodeSorted, oauthErrors } from '../http/redirect-query.ts'
import { redirect, sendJson } from '../http/response.ts'
import { issueAuthCode } from '../models/flow-state.ts'
import type { TokenResponse } from '../tokens/access-token.ts'
import { issueSession } from '../tokens/issue.ts'
import { confirmPhone, userForSmsCode } from '../models/phone.ts'
import { referrer, validateEmail, validatePhone } from '../validate.ts'
import { isEmailVerifyType, userForCode, userForTokenHash } from '../verification.ts'
import { grantOf } from './shared.ts'
import { reloadUser } from '../models/users.ts'

/** The AMR method a PKCE flow of this verification type was saved with. */
const pkceMethods: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
}

type LinkOutcome = { kind: 'single' } | { kind: 'code'; code: string } | { kind: 'tokens'; tokens: TokenResponse }

export async function verifyLink(context: AuthContext, request: AuthRequest): Promise<void> {
  const token = request.query.get('token') ?? ''
  const type = request.query.get('type') ?? ''
  const target = referrer(request, context.settings)
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
  if (token === '') throw badRequest('validation_failed', 'Verify requires a token or a token hash')
  const pkce = token.startsWith('pkce_')
  try {
    const outcome = await inTransaction(context.db, async (db): Promise<LinkOutcome> => {
      const found = await userForTokenHash(context, db, type, token)
      if (!['signup', 'invite', 'magiclink', 'recovery', 'email_change'].includes(found.type)) {
        throw badRequest('validation_failed', 'Unsupported verification type')
      }
      if (!(await applyVerification(context, db, found.user, found.type, token))) return { kind: 'single' }
      const user = await reloadUser(db, found.user.id)
      if (!pkce) return { kind: 'tokens', tokens: await issueSession(context, db, user, 'otp', grantOf(request)) }
      const method = Object.hasOwn(pkceMethods, found.type) ? pkceMethods[found.type] : found.type
      const code = await issueAuthCode(db, user.id, method ?? found.type)
      if (!code) throw badRequest('flow_state_not_found', 'No associated flow state found.')
      return { kind: 'code', code }
    })
    if (outcome.kind === 'single') {
      const url = new URL(target)
      if (pkce) url.searchParams.set('message', singleConfirmationAccepted)
      url.hash = encodeSorted({ message: singleConfirmationAccepted, sb: '' })
      return redirect(request.res, url.toString())
    }
    if (outcome.kind === 'code') {
      const url = new URL(target)
      url.searchParams.set('code', outcome.code)
      return redirect(request.res, url.toString())
    }
    const t = outcome.tokens
    const fragment = encodeSorted({
      access_token: t.access_token,
      expires_at: String(t.expires_at),
      expires_in: String(t.expires_in),
      refresh_token: t.refresh_token,
      token_type: t.token_type,
      type,
    })
    redirect(request.res, `${target}#${fragment}`)
  } catch (error) {
    if (!(error instanceof AuthError) || error.status >= 500) throw error
    redirect(request.res, errorRedirect(target, error, pkce))
  }
}

/** GoTrue's prepErrorRedirectURL: the error in the fragment, and in the query too for PKCE. */
function errorRedirect(target: string, error: AuthError, pkce: boolean): string {
  const url = new URL(target)
  const params: Record<string, string> = { error_code: error.code, error_description: error.message }
  const oauth = oauthErrors[error.status]
  if (oauth) params.error = oauth
  if (pkce) for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  url.hash = encodeSorted({ ...params, sb: '' })
  return url.toString()
}

export async function verifyPost(context: AuthContext, request: AuthRequest): Promise<void> {
  const params = await request.json('VerifyParams')
  const type = params.string('type')
  const token = params.string('token')
  let hash = params.string('token_hash')
  const email = params.string('email')
  const phone = params.string('phone')
  if (type === '') throw badRequest('validation_failed', 'Verify requires a verification type')
  if ((token === '') === (hash === '')) {
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
  }
  if (token !== '') {
    if (phone !== '' && (type === 'sms' || type === 'phone_change'))
      return verifySms(context, request, type, phone, token)
    if (email === '' || !isEmailVerifyType(type)) {
      throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify')
    }
    let address: string
    try {
      address = validateEmail(email)
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format')
    }
    hash = tokenHash(address, token)
  } else if (email !== '' || phone !== '' || params.string('redirect_to') !== '') {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided')
  }
  if (type === 'sms' || type === 'phone_change') throw forbidden('otp_expired', 'Token has expired or is invalid')
  if (!isEmailVerifyType(type)) throw badRequest('validation_failed', 'Unsupported verification type')
  const outcome = await inTransaction(context.db, async (db) => {
    const found =
      token === ''
        ? await userForTokenHash(context, db, type, hash)
        : await userForCode(context, db, type, email.toLowerCase(), hash)
    if (!(await applyVerification(context, db, found.user, found.type, hash))) return undefined
    return issueSession(context, db, await reloadUser(db, found.user.id), 'otp', grantOf(request))
  })
  if (!outcome) return sendJson(request.res, 200, { msg: singleConfirmationAccepted, code: '200' })
  sendJson(request.res, 200, outcome)
}

/** A code typed from an SMS (type sms): the number is confirmed and signed in, as GoTrue's smsVerify. */
async function verifySms(
  context: AuthContext,
  request: AuthRequest,
  type: string,
  rawPhone: string,
  token: string,
): Promise<void> {
  const phone = validatePhone(rawPhone)
  const tokens = await inTransaction(context.db, async (db) => {
    const user = await userForSmsCode(context, db, phone, token)
    // Changing a number (phone_change) needs PUT /user with a phone, which the local stack does not offer.
    if (type === 'phone_change') throw forbidden('otp_expired', 'Token has expired or is invalid')
    await confirmPhone(db, user.id)
    return issueSession(context, db, await reloadUser(db, user.id), 'otp', grantOf(request))
  })
  sendJson(request.res, 200, tokens)
}
