// The signed-in user: GET /user, PUT /user (metadata; password change, which ends the user's other sessions; email
// change, confirmed by email), GET /reauthenticate (a code for secure password changes), POST /logout with the
// global, local and others scopes, and the identity-linking routes (off unless enable_manual_linking).
import { applyVerification } from '../confirmations.ts'
import { autoconfirm, type AuthContext } from '../context.ts'
import { tokenHash } from '../crypto.ts'
import { inTransaction, timeMs, type Queryable } from '../db.ts'
import { badRequest, forbidden, notFound, unauthorized, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson, sendNoContent } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { sendEmailChange, sendReauthentication } from '../mail/send.ts'
import { createFlowState } from '../models/flow-state.ts'
import { clearOneTimeTokens } from '../models/one-time-tokens.ts'
import { userJson } from '../models/serialize.ts'
import { deleteSessions } from '../models/sessions.ts'
import { mergeMetadata, updatePassword } from '../models/user-writes.ts'
import { findUserWithEmail, hasPassword, hasVerifiedFactor, isConfirmed, reloadUser } from '../models/users.ts'
import { passwordProblem } from '../passwords/strength.ts'
import { isAal2, type Caller } from '../tokens/authenticate.ts'
import { pkceParams, referrer, validateEmail } from '../validate.ts'

export const getUser: AuthHandler = async (_context, request) => {
  sendJson(request.res, 200, userJson(request.caller().user))
}

export const putUser: AuthHandler = (context, request) => updateUser(context, request, request.caller())

export const reauthenticate: AuthHandler = async (context, request) => {
  const { user } = request.caller()
  if (!user.email && !user.phone) {
    throw badRequest('validation_failed', 'Reauthentication requires the user to have an email or a phone number')
  }
  if (!user.email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
  if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.')
  await inTransaction(context.db, (db) => sendReauthentication(context, db, user))
  sendJson(request.res, 200, {})
}

export const logout: AuthHandler = async (context, request) => {
  const { user, session } = request.caller()
  const scope = request.query.get('scope') ?? ''
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
  }
  if (session && scope === 'local') await deleteSessions(context.db, user.id, { only: session.id })
  else if (session && scope === 'others') await deleteSessions(context.db, user.id, { except: session.id })
  else await deleteSessions(context.db, user.id, 'all')
  sendNoContent(request.res)
}

/** Identity linking (the caller is authenticated first, as GoTrue's /user route group does). */
export const linkingDisabled: AuthHandler = async () => {
  throw notFound('manual_linking_disabled', 'Manual linking is disabled')
}

async function updateUser(context: AuthContext, request: AuthRequest, caller: Caller): Promise<void> {
  const { user, session } = caller
  const params = await request.json('UserUpdateParams')
  const email = params.string('email') === '' ? '' : validateEmail(params.string('email'))
  const password = params.optionalString('password')
  if (params.string('phone') !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled')
  if (password !== undefined) {
    const weak = passwordProblem(password, context.settings)
    if (weak) throw weak
  }
  if (params.has('app_metadata')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges')
  }
  const changingEmail = email !== '' && email !== user.email
  if (hasVerifiedFactor(user) && !isAal2(caller) && (!!password || changingEmail)) {
    throw unauthorized('insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.')
  }
  if (user.is_anonymous && password && !email) {
    throw unprocessable(
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    )
  }
  if (changingEmail && (await findUserWithEmail(context.db, email, user.aud ?? context.aud, user.id))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  let newHash: string | null | undefined
  let nonceHash: string | undefined
  if (password !== undefined) {
    if (context.settings.email.securePasswordChange) nonceHash = checkNonce(context, caller, params.string('nonce'))
    if (password !== '' && hasPassword(user) && (await context.hasher.compare(password, user.encrypted_password!))) {
      throw unprocessable('same_password', 'New password should be different from the old password.')
    }
    newHash = password === '' ? null : await context.hasher.hash(password)
  }
  const pkce = pkceParams(params.string('code_challenge'), params.string('code_challenge_method'))
  const updated = await inTransaction(context.db, async (db) => {
    if (nonceHash !== undefined) await consumeNonce(db, user.id, nonceHash)
    if (newHash !== undefined) await updatePassword(db, user.id, newHash, session?.id)
    const data = params.object('data')
    if (data) await mergeMetadata(db, user.id, 'raw_user_meta_data', data)
    if (changingEmail) {
      if (user.is_anonymous && autoconfirm(context)) {
        await db.query('update auth.users set email_change = $2 where id = $1', [user.id, email])
        await applyVerification(context, db, { ...user, email_change: email }, 'email_change', '')
      } else {
        if (pkce.flow === 'pkce') {
          await createFlowState(db, {
            userId: user.id,
            providerType: 'email_change',
            authMethod: 'email_change',
            challenge: params.string('code_challenge'),
            method: pkce.method!,
          })
        }
        const fresh = await reloadUser(db, user.id)
        await sendEmailChange(context, db, fresh, email, pkce.flow, referrer(request, context.settings))
      }
    }
    return reloadUser(db, user.id)
  })
  sendJson(request.res, 200, userJson(updated))
}

/**
 * secure_password_change: a session older than a day must present the code from GET /reauthenticate. Returns the
 * code's hash when one was needed, for consumeNonce.
 */
function checkNonce(context: AuthContext, caller: Caller, nonce: string): string | undefined {
  const created = timeMs(caller.session?.created_at)
  if (created !== undefined && Date.now() < created + 24 * 3600 * 1000) return undefined
  if (nonce === '') throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
  const { user } = caller
  const sent = timeMs(user.reauthentication_sent_at)
  const valid =
    !!user.reauthentication_token &&
    sent !== undefined &&
    Date.now() <= sent + context.settings.email.otpExpiry * 1000 &&
    tokenHash(user.email ?? '', nonce) === user.reauthentication_token
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid')
  return user.reauthentication_token!
}

/**
 * GoTrue's ConfirmReauthentication, in the password update's transaction: the code is cleared only if it is still
 * the one checked, so of two requests presenting it at once the second (which waits for the first's row lock and
 * then sees the cleared column) is refused.
 */
async function consumeNonce(db: Queryable, userId: string, hash: string): Promise<void> {
  const { rowCount } = await db.query(
    `update auth.users set reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1 and reauthentication_token = $2`,
    [userId, hash],
  )
  if (!rowCount) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid')
  await clearOneTimeTokens(db, userId, 'reauthentication_token')
}
