// What a verified link or code does to the account, as GoTrue's signupVerify, recoverVerify and emailChangeVerify:
// confirm the email (giving invited users a throw-away password), clear the recovery token, or apply an email
// change; with double_confirm_changes the first of the two confirmations only records itself.
import { autoconfirm, type AuthContext } from './context.ts'
import { randomPassword } from './crypto.ts'
import type { Queryable } from './db.ts'
import { clearOneTimeTokens } from './models/one-time-tokens.ts'
import {
  confirmEmail,
  emailIdentityData,
  insertIdentity,
  mergeIdentityData,
  refreshProviders,
  updatePassword,
} from './models/user-writes.ts'
import { hasPassword, isConfirmed, type UserRow } from './models/users.ts'
import type { EmailVerifyType } from './verification.ts'

/** The message GoTrue answers after the first of two email-change confirmations. */
export const singleConfirmationAccepted =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/** Applies a verification; false when it was only the first half of a secure email change. */
export async function applyVerification(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  type: EmailVerifyType,
  hash: string,
): Promise<boolean> {
  if (type === 'signup' || type === 'invite') {
    if (!hasPassword(user) && user.invited_at) {
      await updatePassword(db, user.id, await context.hasher.hash(randomPassword()), undefined)
    }
    await confirmEmail(db, user.id)
    if (user.email) await mergeIdentityData(db, user.id, 'email', { email_verified: true })
  } else if (type === 'recovery' || type === 'magiclink' || type === 'email') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id])
    await clearOneTimeTokens(db, user.id)
    if (!isConfirmed(user)) await confirmEmail(db, user.id)
  } else if (!(await applyEmailChange(context, db, user, hash))) {
    return false
  }
  await refreshProviders(db, user.id)
  return true
}

async function applyEmailChange(context: AuthContext, db: Queryable, user: UserRow, hash: string): Promise<boolean> {
  const secure = !autoconfirm(context) && context.settings.email.doubleConfirmChanges
  if (secure && (user.email_change_confirm_status ?? 0) === 0 && (user.email ?? '') !== '') {
    const matches = (stored: string | null) => !!stored && (stored === hash || stored === `pkce_${hash}`)
    const column = matches(user.email_change_token_current) ? 'current' : 'new'
    await db.query(
      `update auth.users set email_change_confirm_status = 1, email_change_token_${column} = '' where id = $1`,
      [user.id],
    )
    await clearOneTimeTokens(db, user.id, `email_change_token_${column}`)
    return false
  }
  const newEmail = user.email_change ?? ''
  const { rowCount } = await db.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [user.id, { email: newEmail, email_verified: true }],
  )
  if (rowCount === 0) await insertIdentity(db, user.id, 'email', emailIdentityData(user.id, newEmail, true))
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_current = '',
       email_change_token_new = '', email_change_confirm_status = 0, is_anonymous = false, updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  )
  await clearOneTimeTokens(db, user.id)
  if (!isConfirmed(user)) await confirmEmail(db, user.id)
  return true
}
