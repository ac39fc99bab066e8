// MFA for the signed-in (non-anonymous) user: POST /factors (enrol TOTP with secret, otpauth URI and QR code, or a
// WebAuthn factor), POST /factors/{id}/challenge, POST /factors/{id}/verify (an aal2 session with the factor's amr
// entry) and DELETE /factors/{id}; limits from [auth.mfa], GoTrue's errors throughout.
import type { AuthContext } from '../context.ts'
import { inTransaction, timeMs } from '../db.ts'
import { mfaVerificationAttempt } from '../hooks/verification-attempts.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { challengeWebAuthnFactor, verifyWebAuthnFactor } from '../mfa/webauthn-factor.ts'
import { matchingStep, newSecret, otpauthUri, qrSvg } from '../mfa/totp.ts'
import { upgradeSession } from '../mfa/upgrade.ts'
import {
  createChallenge,
  findChallenge,
  findOwnedFactor,
  insertFactor,
  type ChallengeRow,
  type FactorSecretRow,
} from '../models/factors.ts'
import { isUuid } from '../models/users.ts'
import { isAal2, type Caller } from '../tokens/authenticate.ts'
import { checkFactorLimits } from './factor-limits.ts'
import { challengePhoneFactor, enrollPhoneFactor } from './phone-factors.ts'

async function loadFactor(context: AuthContext, request: AuthRequest, caller: Caller): Promise<FactorSecretRow> {
  const id = request.params.factor_id ?? ''
  if (!isUuid(id)) throw notFound('validation_failed', 'factor_id must be an UUID')
  const factor = await findOwnedFactor(context.db, caller.user.id, id)
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

const disabled = (type: 'totp' | 'phone' | 'webauthn', action: 'enroll' | 'verify') =>
  unprocessable(
    `mfa_${type}_${action}_not_enabled`,
    `MFA ${action === 'enroll' ? 'enroll' : 'verification'} is disabled for ${{ totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' }[type]}`,
  )

function enabledFactors(context: AuthContext) {
  const { mfa } = context.settings
  return { totp: mfa.totp, phone: mfa.phone, webauthn: mfa.webAuthn } as const
}

export const enrollFactor: AuthHandler = async (context, request) => {
  const caller = request.caller()
  const params = await request.json('EnrollFactorParams')
  const type = params.string('factor_type')
  const friendlyName = params.string('friendly_name')
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn')
  }
  if (!enabledFactors(context)[type].enrollEnabled) throw disabled(type, 'enroll')
  if (type === 'phone') return enrollPhoneFactor(context, request, caller, params.string('phone'), friendlyName)
  await checkFactorLimits(context, caller, friendlyName)
  if (type === 'webauthn') {
    const id = await insertFactor(context.db, { userId: caller.user.id, friendlyName, type })
    return sendJson(request.res, 200, { id, type, friendly_name: friendlyName })
  }
  const issuer = params.string('issuer') || new URL(context.settings.siteUrl).host
  const secret = newSecret()
  const uri = otpauthUri(issuer, caller.user.email ?? '', secret)
  const id = await insertFactor(context.db, { userId: caller.user.id, friendlyName, type, secret })
  sendJson(request.res, 200, {
    id,
    type,
    friendly_name: friendlyName,
    totp: { qr_code: await qrSvg(uri), secret, uri },
  })
}

export const challengeFactor: AuthHandler = async (context, request) => {
  const caller = request.caller()
  const factor = await loadFactor(context, request, caller)
  if (!enabledFactors(context)[factor.factor_type].verifyEnabled) throw disabled(factor.factor_type, 'verify')
  if (factor.factor_type === 'webauthn') {
    return sendJson(request.res, 200, await challengeWebAuthnFactor(context, request, caller, factor))
  }
  if (factor.factor_type === 'phone') return challengePhoneFactor(context, request)
  const challenge = await createChallenge(context.db, factor.id, request.ip)
  sendJson(request.res, 200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor((timeMs(challenge.created_at) ?? Date.now()) / 1000) + context.challengeExpiry,
  })
}

export const verifyFactor: AuthHandler = async (context, request) => {
  const caller = request.caller()
  const factor = await loadFactor(context, request, caller)
  const params = await request.json('VerifyFactorParams')
  // A missing id decodes to the nil UUID in GoTrue, which matches no challenge.
  const challengeId = params.string('challenge_id') || '00000000-0000-0000-0000-000000000000'
  if (!isUuid(challengeId)) {
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: uuid: incorrect UUID length ${challengeId.length} in string "${challengeId}"`,
    )
  }
  if (!enabledFactors(context)[factor.factor_type].verifyEnabled) throw disabled(factor.factor_type, 'verify')
  if (factor.factor_type === 'webauthn') {
    const challenge = await validChallenge(context, request, factor, challengeId)
    return sendJson(request.res, 200, await verifyWebAuthnFactor(context, caller, factor, challenge, params))
  }
  const code = params.string('code')
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty')
  const challenge = await validChallenge(context, request, factor, challengeId)
  // GoTrue checks the code against the current time step and one either side, and keeps no record of accepted
  // codes: a code still in its window verifies another challenge too. Each challenge verifies once.
  const valid = matchingStep(factor.secret ?? '', code) !== undefined
  await mfaVerificationAttempt(context, request, factor, valid)
  if (!valid) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')
  const tokens = await inTransaction(context.db, async (db) => {
    // Marked verified only if it still is not: of two verifications of one challenge, the second is refused.
    const marked = await db.query(
      'update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null',
      [challenge.id],
    )
    if (!marked.rowCount) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
    }
    await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id])
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`,
      [caller.user.id],
    )
    return upgradeSession(context, db, caller, 'totp', factor.id)
  })
  sendJson(request.res, 200, tokens)
}

export const unenrollFactor: AuthHandler = async (context, request) => {
  const caller = request.caller()
  const factor = await loadFactor(context, request, caller)
  if (factor.status === 'verified' && !isAal2(caller)) {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  await inTransaction(context.db, async (db) => {
    await db.query('delete from auth.mfa_factors where id = $1', [factor.id])
    const method = factor.factor_type === 'webauthn' ? 'mfa/webauthn' : factor.factor_type
    await db.query(
      `delete from auth.mfa_amr_claims where authentication_method = $2
         and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id, method],
    )
    await db.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [
      caller.user.id,
      factor.id,
    ])
  })
  sendJson(request.res, 200, { id: factor.id })
}

/** GoTrue's validateChallenge: the factor's own challenge, unverified, from the same address, not expired. */
async function validChallenge(
  context: AuthContext,
  request: AuthRequest,
  factor: FactorSecretRow,
  challengeId: string,
): Promise<ChallengeRow> {
  const challenge = await findChallenge(context.db, factor.id, challengeId)
  if (!challenge) {
    throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
  }
  if (challenge.verified_at !== null || challenge.ip_address !== request.ip) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
  }
  if ((timeMs(challenge.created_at) ?? 0) + context.challengeExpiry * 1000 < Date.now()) {
    await context.db.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  return challenge
}
