// POST /token: the password grant (email or phone), refresh_token rotation, the PKCE exchange of an auth code for a
// session, the id_token grant (external/id-token-grant.ts), and the web3 grant (answered as disabled unless
// [auth.web3.*] is on). One rate limit (token_refresh per 5 minutes) covers every grant but web3, which has its own
// (web3 per 5 minutes), as in GoTrue's Token.
import type { AuthContext } from '../context.ts'
import { inTransaction } from '../db.ts'
import { idTokenGrant } from '../external/id-token-grant.ts'
import { passwordVerificationAttempt } from '../hooks/verification-attempts.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { findFlowState, isFlowStateExpired, verifierMatches } from '../models/flow-state.ts'
import { findUserByPhone, isPhoneConfirmed } from '../models/phone.ts'
import { findUserByEmail, findUserById, hasPassword, isBanned, isConfirmed } from '../models/users.ts'
import { maxPasswordBytes, weakPasswordNotice } from '../passwords/strength.ts'
import { issueSession } from '../tokens/issue.ts'
import { refreshGrant } from '../tokens/refresh.ts'
import { refuseClientSession } from '../oauth-server/token.ts'
import { grantOf } from './shared.ts'

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

export const token: AuthHandler = async (context, request) => {
  const grantType = request.query.get('grant_type') ?? ''
  if (!['password', 'refresh_token', 'pkce', 'id_token', 'web3'].includes(grantType)) {
    throw badRequest('invalid_credentials', 'unsupported_grant_type')
  }
  context.limits.enforce(grantType === 'web3' ? 'web3' : 'token', request.clientKey)
  if (grantType === 'web3') return web3Grant(context)
  if (grantType === 'password') return passwordGrant(context, request)
  if (grantType === 'refresh_token') {
    const params = await request.json('RefreshTokenGrantParams')
    await refuseClientSession(context, params.string('refresh_token'))
    const tokens = await refreshGrant(context, params.string('refresh_token'), grantOf(request))
    return sendJson(request.res, 200, tokens)
  }
  if (grantType === 'pkce') return pkceGrant(context, request)
  return idTokenGrant(context, request)
}

async function passwordGrant(context: AuthContext, request: AuthRequest): Promise<void> {
  const params = await request.json('PasswordGrantParams')
  const email = params.string('email')
  const phone = params.string('phone')
  const password = params.string('password')
  if (email !== '' && phone !== '') {
    throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.')
  }
  if (email === '' && phone === '') throw badRequest('validation_failed', 'missing email or phone')
  let user
  if (email !== '') {
    if (!context.settings.email.enableSignup)
      throw unprocessable('email_provider_disabled', 'Email logins are disabled')
    user = await findUserByEmail(context.db, email, context.aud)
  } else {
    if (!context.settings.sms.enableSignup) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
    // formatPhoneNumber only: a malformed number simply finds no one.
    user = await findUserByPhone(context.db, phone.replace(/^\+/, '').replace(/ /g, ''), context.aud)
  }
  if (!user || !hasPassword(user)) throw invalidCredentials()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  // A hash never comes from more than 72 bytes, so a longer password cannot match: no need to spend bcrypt on it.
  const valid =
    Buffer.byteLength(password) <= maxPasswordBytes &&
    password !== '' &&
    (await context.hasher.compare(password, user.encrypted_password ?? ''))
  // The hook hears of every checked password, right or wrong, and may refuse even a right one.
  await passwordVerificationAttempt(context, request, user.id, valid)
  if (!valid) throw invalidCredentials()
  if (email !== '' && !isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed')
  if (phone !== '' && !isPhoneConfirmed(user)) throw badRequest('phone_not_confirmed', 'Phone not confirmed')
  const tokens = await issueSession(context, context.db, user, 'password', grantOf(request))
  const weak = weakPasswordNotice(password, context.settings)
  sendJson(request.res, 200, weak ? { ...tokens, weak_password: weak } : tokens)
}

async function pkceGrant(context: AuthContext, request: AuthRequest): Promise<void> {
  const params = await request.json('PKCEGrantParams')
  const authCode = params.string('auth_code')
  const verifier = params.string('code_verifier')
  if (authCode === '' || verifier === '') {
    throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
  }
  const flow = await findFlowState(context.db, authCode)
  if (!flow?.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (isFlowStateExpired(flow, context.flowStateExpiry)) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired')
  }
  const user = await findUserById(context.db, flow.user_id)
  if (!user) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (!verifierMatches(flow, verifier)) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
  }
  const tokens = await inTransaction(context.db, async (db) => {
    // Deleting first makes a concurrent second exchange of the same code find nothing.
    const deleted = await db.query('delete from auth.flow_state where id = $1', [flow.id])
    if (deleted.rowCount === 0) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found')
    return issueSession(context, db, user, flow.authentication_method, grantOf(request))
  })
  // The provider's tokens of an OAuth sign-in come with the session (GoTrue's provider_token fields).
  const provider: Record<string, string> = {}
  if (flow.provider_access_token) provider.provider_token = flow.provider_access_token
  if (flow.provider_refresh_token) provider.provider_refresh_token = flow.provider_refresh_token
  sendJson(request.res, 200, { ...tokens, ...provider })
}

/** GoTrue's Web3Grant checks its providers before reading the body; the local stack verifies no wallet signature. */
async function web3Grant(context: AuthContext): Promise<void> {
  const { web3 } = context.settings
  if (!web3.solana && !web3.ethereum) throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled')
  throw unprocessable('web3_provider_disabled', 'Web3 sign-in is not supported by the local stack')
}
