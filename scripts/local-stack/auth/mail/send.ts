// Sending GoTrue's emails: each makes a fresh code, stores its hash (prefixed "pkce_" in the PKCE flow) in the user's
// token column and in one_time_tokens, and delivers the rendered email with a link to GET /verify. max_frequency
// applies per user and kind, the hourly email budget to all (unless confirmations are off, as in GoTrue).
import type { EmailType } from '../../inbox/index.ts'
import { autoconfirm, type AuthContext } from '../context.ts'
import { generateOtp, tokenHash } from '../crypto.ts'
import { timeMs, type Queryable } from '../db.ts'
import { AuthError, tooManyRequests } from '../errors.ts'
import { saveOneTimeToken, type TokenKind } from '../models/one-time-tokens.ts'
import type { UserRow } from '../models/users.ts'
import type { FlowType } from '../validate.ts'
import { renderEmail } from './templates.ts'

type Sent = { otp: string; hash: string }

/** max_frequency for this user and kind, then the hourly email budget (skipped under autoconfirm, as in GoTrue). */
function checkFrequency(context: AuthContext, sentAt: string | null): void {
  throttle(context, sentAt)
  if (!autoconfirm(context)) context.limits.enforceEmail()
}

function throttle(context: AuthContext, sentAt: string | null): void {
  const last = timeMs(sentAt)
  const until = last === undefined ? 0 : last + context.settings.email.maxFrequency * 1000
  if (until > Date.now()) {
    const left = Math.trunc((until - Date.now()) / 1000)
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    )
  }
}

export function actionLink(context: AuthContext, hash: string, type: string, referrer: string): string {
  const query = `token=${encodeURIComponent(hash)}&type=${type}&redirect_to=${encodeURIComponent(referrer)}`
  return `${context.externalUrl}/verify?${query}`
}

async function deliver(
  context: AuthContext,
  type: EmailType,
  to: string,
  user: UserRow,
  fields: { token: string; hash?: string; link?: string; referrer?: string; newEmail?: string },
): Promise<void> {
  try {
    const rendered = renderEmail(
      type,
      {
        SiteURL: context.settings.siteUrl,
        ConfirmationURL: fields.link,
        Email: user.email ?? '',
        NewEmail: fields.newEmail,
        Token: fields.token,
        TokenHash: fields.hash,
        RedirectTo: fields.referrer,
        SendingTo: type === 'email_change' ? to : undefined,
        Data: user.raw_user_meta_data ?? {},
      },
      context.settings.email.templates,
    )
    await context.sendEmail({ type, to, ...rendered, from: context.settings.email.sender })
  } catch (error) {
    throw new AuthError(
      500,
      'unexpected_failure',
      `Error sending ${type.replace('_', ' ')} email`,
      {},
      { cause: error },
    )
  }
}

/** Code + stored hash for one kind of token, written to the user's column and to one_time_tokens. */
async function storeToken(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  kind: TokenKind,
  address: string,
  flow: FlowType,
  columns: { token: string; sentAt: string; extra?: string },
): Promise<Sent> {
  const otp = generateOtp(context.settings.email.otpLength)
  const hash = (flow === 'pkce' ? 'pkce_' : '') + tokenHash(address, otp)
  await db.query(
    `update auth.users set ${columns.token} = $2, ${columns.sentAt} = now()${columns.extra ?? ''} where id = $1`,
    [user.id, hash],
  )
  await saveOneTimeToken(db, user.id, kind, hash, address)
  return { otp, hash }
}

export async function sendConfirmation(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  flow: FlowType,
  referrer: string,
): Promise<void> {
  checkFrequency(context, user.confirmation_sent_at)
  const email = user.email ?? ''
  const sent = await storeToken(context, db, user, 'confirmation_token', email, flow, {
    token: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
  })
  const link = actionLink(context, sent.hash, 'signup', referrer)
  await deliver(context, 'confirmation', email, user, { token: sent.otp, hash: sent.hash, link, referrer })
}

export async function sendInvite(context: AuthContext, db: Queryable, user: UserRow, referrer: string) {
  if (!autoconfirm(context)) context.limits.enforceEmail()
  const email = user.email ?? ''
  const sent = await storeToken(context, db, user, 'confirmation_token', email, 'implicit', {
    token: 'confirmation_token',
    sentAt: 'confirmation_sent_at',
    extra: ', invited_at = now()',
  })
  const link = actionLink(context, sent.hash, 'invite', referrer)
  await deliver(context, 'invite', email, user, { token: sent.otp, hash: sent.hash, link, referrer })
}

/** Recovery and magic-link emails share the recovery token (and its max_frequency timer), as in GoTrue. */
export async function sendRecovery(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  flow: FlowType,
  referrer: string,
  kind: 'recovery' | 'magic_link',
): Promise<void> {
  checkFrequency(context, user.recovery_sent_at)
  const email = user.email ?? ''
  const sent = await storeToken(context, db, user, 'recovery_token', email, flow, {
    token: 'recovery_token',
    sentAt: 'recovery_sent_at',
  })
  const link = actionLink(context, sent.hash, kind === 'recovery' ? 'recovery' : 'magiclink', referrer)
  await deliver(context, kind, email, user, { token: sent.otp, hash: sent.hash, link, referrer })
}

export async function sendReauthentication(context: AuthContext, db: Queryable, user: UserRow): Promise<void> {
  checkFrequency(context, user.reauthentication_sent_at)
  const email = user.email ?? ''
  const sent = await storeToken(context, db, user, 'reauthentication_token', email, 'implicit', {
    token: 'reauthentication_token',
    sentAt: 'reauthentication_sent_at',
  })
  await deliver(context, 'reauthentication', email, user, { token: sent.otp })
}

/**
 * Email change: a code for the new address, and with double_confirm_changes one for the current address too;
 * each address gets its own email and link, and both must be confirmed.
 */
export async function sendEmailChange(
  context: AuthContext,
  db: Queryable,
  user: UserRow,
  newEmail: string,
  flow: FlowType,
  referrer: string,
): Promise<void> {
  checkFrequency(context, user.email_change_sent_at)
  const current = user.email ?? ''
  const secure = context.settings.email.doubleConfirmChanges && current !== ''
  const otpNew = generateOtp(context.settings.email.otpLength)
  const prefix = flow === 'pkce' ? 'pkce_' : ''
  const hashNew = prefix + tokenHash(newEmail, otpNew)
  const otpCurrent = secure ? generateOtp(context.settings.email.otpLength) : ''
  const hashCurrent = secure ? prefix + tokenHash(current, otpCurrent) : ''
  await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4,
       email_change_confirm_status = 0, email_change_sent_at = now() where id = $1`,
    [user.id, newEmail, hashNew, hashCurrent],
  )
  await saveOneTimeToken(db, user.id, 'email_change_token_new', hashNew, newEmail)
  if (secure) await saveOneTimeToken(db, user.id, 'email_change_token_current', hashCurrent, current)
  const link = (hash: string) => actionLink(context, hash, 'email_change', referrer)
  await deliver(context, 'email_change', newEmail, user, {
    token: otpNew,
    hash: hashNew,
    link: link(hashNew),
    referrer,
    newEmail,
  })
  if (secure) {
    await deliver(context, 'email_change', current, user, {
      token: otpCurrent,
      hash: hashCurrent,
      link: link(hashCurrent),
      referrer,
      newEmail,
    })
  }
}
