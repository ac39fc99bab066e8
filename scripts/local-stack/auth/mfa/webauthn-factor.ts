// WebAuthn MFA factors: an unverified factor is challenged with creation options ("create") and verified by
// registering a credential; a verified one is challenged with request options ("request") and verified by an
// assertion. The credential is stored on the factor in go-webauthn's JSON, the ceremony state on the challenge.
import type { AuthContext } from '../context.ts'
import { inTransaction, timeMs } from '../db.ts'
import { badRequest, unprocessable } from '../errors.ts'
import type { Params } from '../http/params.ts'
import type { AuthRequest } from '../http/request.ts'
import {
  createChallenge,
  type ChallengeRow,
  type FactorSecretRow,
  type StoredWebAuthnCredential,
} from '../models/factors.ts'
import type { Caller } from '../tokens/authenticate.ts'
import { authenticationOptions, registrationOptions, verifyAuthentication, verifyRegistration } from '../webauthn.ts'
import { upgradeSession } from './upgrade.ts'

const b64 = (text: string) => Buffer.from(text, 'base64')

const verificationFailed = () => unprocessable('mfa_verification_failed', 'WebAuthn credential verification failed')

/** A "create" challenge registers the credential of an unverified factor; a "request" one asserts a verified one. */
const challengeFits = (type: 'create' | 'request', status: string) =>
  type === 'create' ? status === 'unverified' : status === 'verified'

async function verifiedCredentials(context: AuthContext, userId: string): Promise<StoredWebAuthnCredential[]> {
  const { rows } = await context.db.query<{ web_authn_credential: StoredWebAuthnCredential }>(
    `select web_authn_credential from auth.mfa_factors
     where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null`,
    [userId],
  )
  return rows.map((r) => r.web_authn_credential)
}

export async function challengeWebAuthnFactor(
  context: AuthContext,
  request: AuthRequest,
  caller: Caller,
  factor: FactorSecretRow,
) {
  const rp = context.settings.webauthn
  const existing = (await verifiedCredentials(context, caller.user.id)).map((c) => ({
    id: b64(c.id).toString('base64url'),
    transports: c.transport,
  }))
  const create = factor.status === 'unverified'
  const options = create
    ? await registrationOptions(rp, { id: caller.user.id, email: caller.user.email ?? '' }, existing, 'discouraged')
    : await authenticationOptions(rp, existing)
  const type = create ? 'create' : 'request'
  const challenge = await createChallenge(context.db, factor.id, request.ip, { challenge: options.challenge, type })
  return {
    id: challenge.id,
    type: 'webauthn',
    expires_at: Math.floor((timeMs(challenge.created_at) ?? Date.now()) / 1000) + context.challengeExpiry,
    webauthn: { type, credential_options: { publicKey: options } },
  }
}

export async function verifyWebAuthnFactor(
  context: AuthContext,
  caller: Caller,
  factor: FactorSecretRow,
  challenge: ChallengeRow,
  params: Params,
) {
  const webauthn = params.object('webauthn')
  if (!webauthn) throw badRequest('validation_failed', 'WebAuthn config required')
  const type = webauthn.type
  if (type !== 'create' && type !== 'request') {
    throw badRequest('validation_failed', 'WebAuthn type must be create or request')
  }
  const response = webauthn.credential_response
  if (response === undefined || response === null) throw badRequest('validation_failed', 'credential_response required')
  const expected = challenge.web_authn_session_data
  if (!expected || expected.type !== type) throw badRequest('validation_failed', 'Invalid credential_response')
  if (!challengeFits(type, factor.status)) throw verificationFailed()
  const rp = context.settings.webauthn
  let stored = factor.web_authn_credential
  if (type === 'create') {
    const created = await verifyRegistration(rp, response, expected.challenge)
    if (!created) throw verificationFailed()
    stored = {
      id: created.id.toString('base64'),
      publicKey: created.publicKey.toString('base64'),
      attestationType: created.attestationType,
      transport: created.transports,
      flags: {
        userPresent: true,
        userVerified: created.userVerified,
        backupEligible: created.backupEligible,
        backupState: created.backedUp,
      },
      authenticator: {
        AAGUID: Buffer.from(created.aaguid.replace(/-/g, ''), 'hex').toString('base64'),
        signCount: created.counter,
        cloneWarning: false,
        attachment: '',
      },
    }
  } else {
    if (!stored) throw verificationFailed()
    const asserted = await verifyAuthentication(rp, response, expected.challenge, {
      id: b64(stored.id).toString('base64url'),
      publicKey: b64(stored.publicKey),
      counter: stored.authenticator.signCount,
      transports: stored.transport,
    })
    if (!asserted) throw verificationFailed()
    stored = { ...stored, authenticator: { ...stored.authenticator, signCount: asserted.counter } }
  }
  const aaguid = type === 'create' ? b64(stored.authenticator.AAGUID).toString('hex') : undefined
  return inTransaction(context.db, async (db) => {
    // Checked again under the factor's row lock: of two "create" challenges verified at once, the second finds the
    // factor verified and may not replace its credential.
    const { rows } = await db.query<{ status: string }>(
      'select status from auth.mfa_factors where id = $1 for update',
      [factor.id],
    )
    const status = rows[0]?.status
    if (status === undefined) throw unprocessable('mfa_factor_not_found', 'MFA factor not found')
    if (!challengeFits(type, status)) throw verificationFailed()
    // The challenge is consumed whatever happens next; a second use finds nothing.
    const consumed = await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
    if (consumed.rowCount === 0) {
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    }
    await db.query(
      `update auth.mfa_factors set status = 'verified', web_authn_credential = $2,
         web_authn_aaguid = coalesce($3::uuid, web_authn_aaguid), last_webauthn_challenge_data = $4, updated_at = now()
       where id = $1`,
      [factor.id, stored, aaguid ?? null, { type, challenge: expected.challenge }],
    )
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'webauthn' and status = 'unverified'`,
      [caller.user.id],
    )
    return upgradeSession(context, db, caller, 'mfa/webauthn', factor.id)
  })
}
