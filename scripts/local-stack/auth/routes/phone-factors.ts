// Phone MFA factors as GoTrue's enrollPhoneFactor and challengePhoneFactor. Enrolling sends nothing, so it works;
// a challenge must send the code by SMS and GoTrue never uses [auth.sms.test_otp] for MFA, so without an SMS
// provider (or a send-SMS hook) it fails exactly as GoTrue does, and a phone factor can never be verified here.
import type { AuthContext } from '../context.ts'
import { AuthError, badRequest, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import { insertFactor } from '../models/factors.ts'
import type { Caller } from '../tokens/authenticate.ts'
import { validatePhone } from '../validate.ts'
import { checkFactorLimits } from './factor-limits.ts'
import { checkChannel } from './phone-signup.ts'

export async function enrollPhoneFactor(
  context: AuthContext,
  request: AuthRequest,
  caller: Caller,
  rawPhone: string,
  friendlyName: string,
): Promise<void> {
  if (rawPhone === '') throw badRequest('validation_failed', 'Phone number required to enroll Phone factor')
  const phone = validatePhone(rawPhone)
  const { rows } = await context.db.query<{ id: string; status: string }>(
    `select id, status from auth.mfa_factors where user_id = $1 and factor_type = 'phone' and phone = $2`,
    [caller.user.id, phone],
  )
  if (rows.some((f) => f.status === 'verified')) {
    throw unprocessable(
      'mfa_verified_factor_exists',
      'A verified phone factor already exists, unenroll the existing factor to continue',
    )
  }
  // An unverified factor for the same number is replaced, as GoTrue does.
  if (rows.length > 0)
    await context.db.query('delete from auth.mfa_factors where id = any($1)', [rows.map((f) => f.id)])
  await checkFactorLimits(context, caller, friendlyName)
  const id = await insertFactor(context.db, { userId: caller.user.id, friendlyName, type: 'phone', phone })
  sendJson(request.res, 200, { id, type: 'phone', friendly_name: friendlyName, phone })
}

export async function challengePhoneFactor(context: AuthContext, request: AuthRequest): Promise<void> {
  const params = await request.optionalJson('ChallengeFactorParams')
  checkChannel(context, params.string('channel') || 'sms')
  if (context.settings.sms.provider === '') throw new AuthError(500, 'unexpected_failure', 'Failed to get SMS provider')
  // With a provider configured GoTrue would call it; the local stack reaches no provider.
  throw new AuthError(500, 'unexpected_failure', 'error sending message')
}
