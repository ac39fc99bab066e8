// Finding the user an emailed link or code belongs to, as GoTrue's verifyTokenHash (links: by the stored hash in
// one_time_tokens) and verifyUserAndToken (codes: by address, then the hash of address + code against the user's
// token column), including expiry after otp_expiry and the "email" type that accepts either kind of code.
import type { AuthContext } from './context.ts'
import { timeMs, type Queryable } from './db.ts'
import { badRequest, forbidden } from './errors.ts'
import { findTokenOwner, type TokenKind } from './models/one-time-tokens.ts'
import { findUserByEmail, findUserById, isBanned, type UserRow } from './models/users.ts'

export type EmailVerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email'

const linkExpired = () => forbidden('otp_expired', 'Email link is invalid or has expired')
const codeInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid')

const kindsByType: Record<EmailVerifyType, TokenKind[]> = {
  email: ['confirmation_token', 'recovery_token'],
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  email_change: ['email_change_token_current', 'email_change_token_new'],
}

export function isEmailVerifyType(type: string): type is EmailVerifyType {
  // Object.hasOwn, not `in`: "constructor" or "toString" name members of Object.prototype, not verification types.
  return Object.hasOwn(kindsByType, type)
}

function expired(context: AuthContext, sentAt: string | null): boolean {
  const sent = timeMs(sentAt)
  return sent === undefined || Date.now() > sent + context.settings.email.otpExpiry * 1000
}

function checkBanned(user: UserRow): void {
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
}

/** A link's token hash: its user, and the type it really verifies ("email" becomes signup or magiclink). */
export async function userForTokenHash(
  context: AuthContext,
  db: Queryable,
  type: string,
  hash: string,
): Promise<{ user: UserRow; type: EmailVerifyType }> {
  if (!isEmailVerifyType(type)) throw badRequest('validation_failed', 'Invalid email verification type')
  const owner = await findTokenOwner(db, hash, kindsByType[type])
  const user = owner && (await findUserById(db, owner.user_id))
  if (!user) throw linkExpired()
  checkBanned(user)
  let actual: EmailVerifyType = type
  let sentAt: string | null
  if (type === 'email') {
    actual = user.recovery_token === hash ? 'magiclink' : 'signup'
    sentAt = actual === 'magiclink' ? user.recovery_sent_at : user.confirmation_sent_at
  } else if (type === 'signup' || type === 'invite') sentAt = user.confirmation_sent_at
  else if (type === 'recovery' || type === 'magiclink') sentAt = user.recovery_sent_at
  else sentAt = user.email_change_sent_at
  if (expired(context, sentAt)) throw linkExpired()
  return { user, type: actual }
}

function codeMatches(context: AuthContext, hash: string, expected: string | null, sentAt: string | null): boolean {
  if (!expected || expired(context, sentAt)) return false
  return hash === expected || `pkce_${hash}` === expected
}

/** A code typed by the user: `hash` is SHA-224 of the address it was sent to followed by the code. */
export async function userForCode(
  context: AuthContext,
  db: Queryable,
  type: EmailVerifyType,
  email: string,
  hash: string,
): Promise<{ user: UserRow; type: EmailVerifyType }> {
  let user: UserRow | undefined
  if (type === 'email_change') {
    const kinds: TokenKind[] = context.settings.email.doubleConfirmChanges
      ? ['email_change_token_current', 'email_change_token_new']
      : ['email_change_token_new']
    const owner = (await findTokenOwner(db, hash, kinds)) ?? (await findTokenOwner(db, `pkce_${hash}`, kinds))
    user = owner && (await findUserById(db, owner.user_id))
  } else {
    user = await findUserByEmail(db, email, context.aud)
  }
  if (!user) throw codeInvalid()
  checkBanned(user)
  const confirmation = () => codeMatches(context, hash, user.confirmation_token, user.confirmation_sent_at)
  const recovery = () => codeMatches(context, hash, user.recovery_token, user.recovery_sent_at)
  let actual = type
  let valid: boolean
  if (type === 'email') {
    valid = confirmation() || recovery()
    actual = confirmation() ? 'signup' : 'magiclink'
  } else if (type === 'signup' || type === 'invite') valid = confirmation()
  else if (type === 'recovery' || type === 'magiclink') valid = recovery()
  else {
    valid =
      codeMatches(context, hash, user.email_change_token_current, user.email_change_sent_at) ||
      codeMatches(context, hash, user.email_change_token_new, user.email_change_sent_at)
  }
  if (!valid) throw codeInvalid()
  return { user, type: actual }
}
