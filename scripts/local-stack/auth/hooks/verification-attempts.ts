// The password and MFA verification attempt hooks ([auth.hook.password_verification_attempt] and
// [auth.hook.mfa_verification_attempt]), called as GoTrue v2.189 calls them: after the password or code was checked,
// whether it was right or wrong, with the user (and factor) and `valid`. `{"decision": "reject"}` refuses the attempt
// even with the right secret: a password with 400 invalid_credentials (and the user's sessions ended when
// should_logout_user is set), an MFA code with 403 mfa_verification_rejected, always ending the user's sessions.
import { randomUUID } from 'node:crypto'
import type { AuthContext } from '../context.ts'
import { badRequest, forbidden } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { dispatchHook } from './dispatch.ts'
import { decodeVerificationOutput } from './output.ts'

const defaultPasswordRejection = 'Further password verification attempts will be rejected.'
const defaultMfaRejection = 'Further MFA verification attempts will be rejected.'

/** Every hook's payload starts with this (GoTrue's v0hooks.Metadata). */
function metadata(request: AuthRequest, name: 'password-verification' | 'mfa-verification') {
  const ip = request.ip
  return { uuid: randomUUID(), time: new Date().toISOString(), name, ...(ip ? { ip_address: ip } : {}) }
}

export async function passwordVerificationAttempt(
  context: AuthContext,
  request: AuthRequest,
  userId: string,
  valid: boolean,
): Promise<void> {
  const hook = context.settings.hooks.passwordVerificationAttempt
  if (!hook) return
  const payload = { metadata: metadata(request, 'password-verification'), user_id: userId, valid }
  const output = decodeVerificationOutput(await dispatchHook(context, hook, payload))
  if (output.decision !== 'reject') return
  if (output.shouldLogoutUser) await logout(context, userId)
  throw badRequest('invalid_credentials', output.message || defaultPasswordRejection)
}

export async function mfaVerificationAttempt(
  context: AuthContext,
  request: AuthRequest,
  factor: { id: string; factor_type: string; user_id: string },
  valid: boolean,
): Promise<void> {
  const hook = context.settings.hooks.mfaVerificationAttempt
  if (!hook) return
  const payload = {
    metadata: metadata(request, 'mfa-verification'),
    user_id: factor.user_id,
    factor_id: factor.id,
    factor_type: factor.factor_type,
    valid,
  }
  // GoTrue's MFA output has no should_logout_user: a rejection always ends every session of the user.
  const output = decodeVerificationOutput(await dispatchHook(context, hook, payload))
  if (output.decision !== 'reject') return
  await logout(context, factor.user_id)
  throw forbidden('mfa_verification_rejected', output.message || defaultMfaRejection)
}

/** GoTrue's models.Logout: every session of the user goes, and their refresh tokens with them. */
async function logout(context: AuthContext, userId: string): Promise<void> {
  await context.db.query('delete from auth.sessions where user_id = $1', [userId])
}
