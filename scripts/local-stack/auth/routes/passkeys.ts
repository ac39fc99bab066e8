// Passkeys ([auth.passkey] enabled): registration for the signed-in user (options, verify), sign-in without a
// password or email (discoverable credentials: options, verify → a session with the "passkey" amr method), and
// list, rename and delete; plus the admin list and delete for any user.
import type { AuthContext } from '../context.ts'
import { inTransaction } from '../db.ts'
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson, sendNoContent } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import {
  consumeChallenge,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  passkeyJson,
  saveChallenge,
} from '../models/passkeys.ts'
import { findUserById, isBanned, isConfirmed, isUuid } from '../models/users.ts'
import { issueSession } from '../tokens/issue.ts'
import {
  assertedCredentialId,
  authenticationOptions,
  registrationOptions,
  verifyAuthentication,
  verifyRegistration,
} from '../webauthn.ts'
import { loadUserParam } from './admin-users.ts'
import { grantOf } from './shared.ts'

const maxFriendlyName = 120

/** challenge_id and credential from a verify body (GoTrue also knew the credential as credential_response). */
async function ceremonyParams(request: AuthRequest): Promise<{ challengeId: string; credential: unknown }> {
  const params = await request.json('PasskeyVerifyParams')
  const challengeId = params.string('challenge_id')
  const credential = params.raw('credential') ?? params.raw('credential_response')
  if (challengeId === '') throw badRequest('validation_failed', 'challenge_id is required')
  if (credential === undefined) throw badRequest('validation_failed', 'credential is required')
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID')
  return { challengeId, credential }
}

const notFoundOrUsed = () => badRequest('webauthn_challenge_not_found', 'Challenge not found or already used')
const expired = () => badRequest('webauthn_challenge_expired', 'Challenge has expired')
const verificationFailed = () => badRequest('webauthn_verification_failed', 'Credential verification failed')

export const registrationOptionsRoute: AuthHandler = async (context, request) => {
  const caller = request.caller()
  if (caller.user.is_sso_user) throw unprocessable('validation_failed', 'SSO users cannot register passkeys')
  const existing = await listPasskeys(context.db, caller.user.id)
  if (existing.length >= context.maxPasskeysPerUser) {
    throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached')
  }
  const exclude = existing.map((p) => ({ id: p.credential_id.toString('base64url'), transports: p.transports }))
  const user = { id: caller.user.id, email: caller.user.email ?? caller.user.phone ?? '' }
  const options = await registrationOptions(context.settings.webauthn, user, exclude, 'required')
  const saved = await saveChallenge(
    context.db,
    caller.user.id,
    'registration',
    {
      challenge: options.challenge,
      rpId: context.settings.webauthn.rpId,
      user_id: options.user.id,
      userVerification: 'preferred',
    },
    context.challengeExpiry,
  )
  sendJson(request.res, 200, { challenge_id: saved.id, options, expires_at: saved.expiresAt })
}

export const registrationVerify: AuthHandler = async (context, request) => {
  const caller = request.caller()
  const { challengeId, credential } = await ceremonyParams(request)
  const challenge = await consumeChallenge(context.db, challengeId, 'registration', caller.user.id)
  if (!challenge) throw notFoundOrUsed()
  if (challenge.expired) throw expired()
  const created = await verifyRegistration(context.settings.webauthn, credential, challenge.session_data.challenge)
  if (!created) throw verificationFailed()
  const row = await inTransaction(context.db, async (db) => {
    const count = await db.query('select 1 from auth.webauthn_credentials where user_id = $1', [caller.user.id])
    if ((count.rowCount ?? 0) >= context.maxPasskeysPerUser) {
      throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached')
    }
    if (await findPasskeyByCredentialId(db, created.id)) {
      throw unprocessable('webauthn_credential_exists', 'This credential is already registered')
    }
    return insertPasskey(db, {
      userId: caller.user.id,
      credentialId: created.id,
      publicKey: created.publicKey,
      attestationType: created.attestationType,
      aaguid: created.aaguid,
      signCount: created.counter,
      transports: created.transports,
      backupEligible: created.backupEligible,
      backedUp: created.backedUp,
      friendlyName: 'Passkey',
    })
  })
  sendJson(request.res, 200, passkeyJson(row))
}

export const authenticationOptionsRoute: AuthHandler = async (context, request) => {
  const options = await authenticationOptions(context.settings.webauthn, [])
  const saved = await saveChallenge(
    context.db,
    null,
    'authentication',
    { challenge: options.challenge, rpId: context.settings.webauthn.rpId, userVerification: 'preferred' },
    context.challengeExpiry,
  )
  sendJson(request.res, 200, { challenge_id: saved.id, options, expires_at: saved.expiresAt })
}

export const authenticationVerify: AuthHandler = async (context, request) => {
  const { challengeId, credential } = await ceremonyParams(request)
  const challenge = await consumeChallenge(context.db, challengeId, 'authentication', null)
  if (!challenge) throw notFoundOrUsed()
  if (challenge.expired) throw expired()
  const credentialId = assertedCredentialId(credential)
  const passkey = credentialId && (await findPasskeyByCredentialId(context.db, Buffer.from(credentialId, 'base64url')))
  if (!passkey) throw verificationFailed()
  const userHandle = (credential as { response?: { userHandle?: unknown } }).response?.userHandle
  if (typeof userHandle === 'string' && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.user_id) {
    throw verificationFailed()
  }
  const asserted = await verifyAuthentication(context.settings.webauthn, credential, challenge.session_data.challenge, {
    id: credentialId,
    publicKey: passkey.public_key,
    counter: Number(passkey.sign_count),
    transports: passkey.transports,
  })
  if (!asserted) throw verificationFailed()
  const user = await findUserById(context.db, passkey.user_id)
  if (!user) throw verificationFailed()
  if (user.email && !isConfirmed(user)) throw forbidden('email_not_confirmed', 'Email not confirmed')
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
  const tokens = await inTransaction(context.db, async (db) => {
    await db.query(
      'update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1',
      [passkey.id, asserted.counter],
    )
    return issueSession(context, db, user, 'passkey', grantOf(request))
  })
  sendJson(request.res, 200, tokens)
}

export const listOwnPasskeys: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  sendJson(request.res, 200, (await listPasskeys(context.db, user.id)).map(passkeyJson))
}

export const renamePasskey: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  const id = passkeyIdParam(request)
  const params = await request.json('PasskeyUpdateParams')
  const name = params.string('friendly_name')
  if (name === '') throw badRequest('validation_failed', 'friendly_name is required')
  if ([...name].length > maxFriendlyName) {
    throw badRequest('validation_failed', `friendly_name must be ${maxFriendlyName} characters or less`)
  }
  const { rows } = await context.db.query<{ id: string }>(
    `update auth.webauthn_credentials set friendly_name = $3, updated_at = now()
     where id = $1 and user_id = $2 returning id`,
    [id, user.id, name],
  )
  if (!rows[0]) throw notFound('validation_failed', 'Passkey not found')
  const updated = (await listPasskeys(context.db, user.id)).find((p) => p.id === id)!
  sendJson(request.res, 200, passkeyJson(updated))
}

export const deleteOwnPasskey: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  await deletePasskey(context, user.id, passkeyIdParam(request))
  sendNoContent(request.res)
}

export const listUserPasskeys: AuthHandler = async (context, request) => {
  const user = await loadUserParam(context, request)
  sendJson(request.res, 200, (await listPasskeys(context.db, user.id)).map(passkeyJson))
}

export const deleteUserPasskey: AuthHandler = async (context, request) => {
  const user = await loadUserParam(context, request)
  await deletePasskey(context, user.id, passkeyIdParam(request))
  sendNoContent(request.res)
}

function passkeyIdParam(request: AuthRequest): string {
  const id = request.params.passkey_id ?? ''
  if (!isUuid(id)) throw notFound('validation_failed', 'Passkey not found')
  return id
}

async function deletePasskey(context: AuthContext, userId: string, id: string): Promise<void> {
  const { rowCount } = await context.db.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2', [
    id,
    userId,
  ])
  if (!rowCount) throw notFound('validation_failed', 'Passkey not found')
}
