// Finding or creating the user of an external identity, as GoTrue's createAccountFromExternalIdentity and
// models.DetermineAccountLinking decide it: the same provider + subject signs in the same user (AccountExists); else
// a verified address of the provider that belongs to exactly one user or identity links the new identity to that
// user (LinkAccount); else a new user is created (CreateAccount). An unconfirmed user that gains an OAuth identity
// loses its password and other identities (no pre-account takeover) and is confirmed when the provider vouches for
// the address; otherwise a confirmation email is sent and sign-in refused.
import type { AuthContext } from '../context.ts'
import { newId } from '../crypto.ts'
import { CommitThenFail, type Queryable } from '../db.ts'
import { AuthError, forbidden, unprocessable } from '../errors.ts'
import { sendConfirmation } from '../mail/send.ts'
import { confirmEmail, insertUser, mergeMetadata, refreshProviders } from '../models/user-writes.ts'
import { findUserWithEmail, isBanned, isConfirmed, nilUuid, reloadUser, type UserRow } from '../models/users.ts'
import type { ProviderEmail, UserData } from './providers.ts'

export type LinkingDecision = 'account_exists' | 'create_account' | 'link_account' | 'multiple_accounts'

interface Decision {
  decision: LinkingDecision
  userId?: string
  identityId?: string
  candidate: ProviderEmail
}

/** models.DetermineAccountLinking for the "default" linking domain (every provider but sso:*). */
export async function determineAccountLinking(
  context: AuthContext,
  db: Queryable,
  emails: ProviderEmail[],
  provider: string,
  subject: string,
): Promise<Decision> {
  const autoconfirm = !context.settings.enableConfirmations
  const verified: string[] = []
  let candidate: ProviderEmail = { email: '', verified: false, primary: false }
  for (const email of emails) {
    if (email.verified || autoconfirm) verified.push(email.email.toLowerCase())
    if (email.primary) candidate = { ...email, email: email.email.toLowerCase() }
  }
  const existing = await db.query<{ id: string; user_id: string; email: string | null }>(
    `select i.id, i.user_id, u.email from auth.identities i join auth.users u on u.id = i.user_id
     where i.provider_id = $1 and i.provider = $2`,
    [subject, provider],
  )
  const identity = existing.rows[0]
  if (identity) {
    return {
      decision: 'account_exists',
      userId: identity.user_id,
      identityId: identity.id,
      candidate: { ...candidate, email: identity.email ?? '' },
    }
  }
  if (verified.length === 0) {
    // No verified address: always a new account, without the address when someone already has it.
    const taken = candidate.email !== '' && (await findUserWithEmail(db, candidate.email, context.aud))
    return { decision: 'create_account', candidate: taken ? { ...candidate, email: '' } : candidate }
  }
  const identities = await db.query<{ user_id: string; provider: string }>(
    'select user_id, provider from auth.identities where email = any($1::text[])',
    [verified],
  )
  const users = await db.query<{ id: string }>(
    'select id from auth.users where email = any($1::text[]) and is_sso_user = false',
    [verified],
  )
  const linking = identities.rows.filter((row) => !row.provider.startsWith('sso:'))
  if (linking.length === 0) {
    if (users.rows.length === 1) return { decision: 'link_account', userId: users.rows[0]!.id, candidate }
    if (users.rows.length > 1) return { decision: 'multiple_accounts', candidate }
    return { decision: 'create_account', candidate }
  }
  const userId = linking[0]!.user_id
  if (linking.some((row) => row.user_id !== userId)) return { decision: 'multiple_accounts', candidate }
  return { decision: 'link_account', userId, candidate }
}

/** models.NewIdentity + tx.Create: provider_id is the `sub` claim. */
async function createIdentity(
  db: Queryable,
  userId: string,
  provider: string,
  data: Record<string, unknown>,
): Promise<string> {
  const sub = data.sub
  if (typeof sub !== 'string') throw new AuthError(500, 'unexpected_failure', 'error missing provider id')
  const id = newId()
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [id, sub, userId, data, provider],
  )
  return id
}

/** User.RemoveUnconfirmedIdentities: password gone, metadata replaced, every other identity removed. */
async function removeUnconfirmedIdentities(
  db: Queryable,
  userId: string,
  identityId: string,
  provider: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (provider !== 'email' && provider !== 'phone') {
    await db.query('update auth.users set encrypted_password = null, updated_at = now() where id = $1', [userId])
  }
  await db.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [userId, data])
  await db.query('delete from auth.identities where user_id = $1 and id <> $2', [userId, identityId])
  await refreshProviders(db, userId)
}

export interface ExternalSignIn {
  user: UserRow
  decision: LinkingDecision
}

/** createAccountFromExternalIdentity: the user to sign in, or GoTrue's error (some committed with the error). */
export async function accountFromExternalIdentity(
  context: AuthContext,
  db: Queryable,
  userData: UserData,
  provider: string,
  emailOptional: boolean,
  referrer: string,
): Promise<ExternalSignIn> {
  const data = userData.metadata
  const subject = typeof data.sub === 'string' ? data.sub : ''
  const decided = await determineAccountLinking(context, db, userData.emails, provider, subject)
  let userId: string
  let identityId: string
  // The user's row is locked before its identities (the order a user deletion takes), so the two cannot deadlock.
  if (decided.userId) await db.query('select 1 from auth.users where id = $1 for update', [decided.userId])
  switch (decided.decision) {
    case 'link_account': {
      userId = decided.userId!
      identityId = await createIdentity(db, userId, provider, data)
      await mergeMetadata(db, userId, 'raw_user_meta_data', data)
      await refreshProviders(db, userId)
      break
    }
    case 'create_account': {
      if (!context.settings.enableSignup) {
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
      }
      userId = await insertUser(db, {
        aud: context.aud,
        role: 'authenticated',
        email: decided.candidate.email === '' ? null : decided.candidate.email,
        phone: null,
        passwordHash: '',
        appMetadata: { provider, providers: [provider] },
        userMetadata: data,
      })
      identityId = await createIdentity(db, userId, provider, data)
      break
    }
    case 'account_exists': {
      userId = decided.userId!
      identityId = decided.identityId!
      await db.query('update auth.identities set identity_data = $2, updated_at = now() where id = $1', [
        identityId,
        data,
      ])
      await mergeMetadata(db, userId, 'raw_user_meta_data', data)
      await refreshProviders(db, userId)
      break
    }
    default:
      throw new AuthError(
        500,
        'unexpected_failure',
        'Multiple accounts with the same email address in the same linking domain detected: default',
      )
  }
  let user = await reloadUser(db, userId)
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
  const hasEmails = !emailOptional || decided.candidate.email !== ''
  if (hasEmails && !isConfirmed(user)) {
    await removeUnconfirmedIdentities(db, userId, identityId, provider, data)
    if (decided.candidate.verified || !context.settings.enableConfirmations) {
      await confirmEmail(db, userId)
    } else {
      let sent = false
      if (decided.candidate.email !== '') {
        await sendConfirmation(context, db, await reloadUser(db, userId), 'implicit', referrer)
        sent = true
      }
      const message = sent
        ? `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`
        : `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`
      throw new CommitThenFail(unprocessable('provider_email_needs_verification', message))
    }
    user = await reloadUser(db, userId)
  }
  return { user, decision: decided.decision }
}

/**
 * GoTrue's linkIdentityToUser (the id_token grant with `link_identity`): the provider's identity joins the signed-in
 * user unless someone already has it; a user without an address takes the first identity address no one else uses
 * (UpdateUserEmailFromIdentities) and is confirmed, and no longer anonymous, when the provider verified it — else a
 * confirmation email goes out and the grant answers 422 `email_not_confirmed` (what was linked stays).
 */
export async function linkIdentityToUser(
  context: AuthContext,
  db: Queryable,
  targetUserId: string,
  userData: UserData,
  provider: string,
  referrer: string,
): Promise<UserRow> {
  const data = userData.metadata
  const subject = typeof data.sub === 'string' ? data.sub : ''
  const existing = await db.query<{ user_id: string }>(
    'select user_id from auth.identities where provider_id = $1 and provider = $2',
    [subject, provider],
  )
  const owner = existing.rows[0]
  if (owner) {
    throw unprocessable(
      'identity_already_exists',
      owner.user_id === targetUserId ? 'Identity is already linked' : 'Identity is already linked to another user',
    )
  }
  await db.query('select 1 from auth.users where id = $1 for update', [targetUserId])
  await createIdentity(db, targetUserId, provider, data)
  let user = await reloadUser(db, targetUserId)
  if (!user.email) {
    const identities = await db.query<{ email: string | null }>(
      'select email from auth.identities where user_id = $1 order by created_at, id',
      [targetUserId],
    )
    // An identity without an address keeps the user's (empty) one, as GoTrue compares the two.
    if (!identities.rows.some((i) => (i.email ?? '') === '')) {
      let primary: string | undefined
      for (const identity of identities.rows) {
        // FindUserByEmailAndAudience: users' own addresses only.
        const taken = await db.query(
          `select 1 from auth.users where instance_id = $1 and lower(email) = $2 and aud = $3 and is_sso_user = false`,
          [nilUuid, (identity.email ?? '').toLowerCase(), context.aud],
        )
        if (taken.rowCount === 0) {
          primary = identity.email ?? ''
          break
        }
      }
      if (primary === undefined) {
        throw new AuthError(400, 'email_exists', 'A user with this email address has already been registered')
      }
      await db.query('update auth.users set email = $2, updated_at = now() where id = $1', [targetUserId, primary])
      user = await reloadUser(db, targetUserId)
    }
    if (data.email_verified !== true) {
      if (user.email) await sendConfirmation(context, db, user, 'implicit', referrer)
      throw new CommitThenFail(
        unprocessable(
          'email_not_confirmed',
          `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`,
        ),
      )
    }
    await confirmEmail(db, targetUserId)
    await db.query('update auth.users set is_anonymous = false where id = $1 and is_anonymous', [targetUserId])
  }
  await refreshProviders(db, targetUserId)
  return reloadUser(db, targetUserId)
}
