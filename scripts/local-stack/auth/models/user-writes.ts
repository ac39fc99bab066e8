// Writing users and identities as GoTrue does: new rows with its zero values ('' token columns, never NULL, so a
// dump restored into Supabase reads them), metadata merges where a null deletes a key, email confirmation, and
// password changes that void pending emails and end the user's other sessions.
import { newId } from '../crypto.ts'
import type { Queryable } from '../db.ts'
import { clearOneTimeTokens } from './one-time-tokens.ts'
import { nilUuid } from './users.ts'

export interface NewUser {
  id?: string
  aud: string
  role: string
  email: string | null
  phone: string | null
  passwordHash: string
  appMetadata: Record<string, unknown>
  userMetadata: Record<string, unknown>
  isAnonymous?: boolean
}

export async function insertUser(db: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? newId()
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change_token_new,
       email_change, email_change_token_current, phone, phone_change, phone_change_token, reauthentication_token,
       is_anonymous, is_sso_user)
     values ($1, $2, $3, $4, $5, $6, $7, $8, now(), now(), '', '', '', '', '', $9, '', '', '', $10, false)`,
    [
      nilUuid,
      id,
      user.aud,
      user.role,
      user.email,
      user.passwordHash,
      user.appMetadata,
      user.userMetadata,
      user.phone,
      user.isAnonymous ?? false,
    ],
  )
  return id
}

/** structs.Map(provider.Claims{...}) for an email identity: GoTrue's identity_data of email sign-ups. */
export function emailIdentityData(userId: string, email: string, verified = false): Record<string, unknown> {
  return { sub: userId, email, email_verified: verified, phone_verified: false }
}

/**
 * A new email user with its email identity, as GoTrue's sign-up makes one (by password or by OTP): the sign-up data
 * and the identity's claims go into both user_metadata and identity_data. Returns the user's id.
 */
export async function insertEmailUser(
  db: Queryable,
  fields: { aud: string; email: string; passwordHash: string; data: Record<string, unknown> },
): Promise<string> {
  const id = newId()
  const identityData = { ...fields.data, ...emailIdentityData(id, fields.email) }
  await insertUser(db, {
    id,
    aud: fields.aud,
    role: 'authenticated',
    email: fields.email,
    phone: null,
    passwordHash: fields.passwordHash,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: identityData,
  })
  await insertIdentity(db, id, 'email', identityData)
  return id
}

/** An email or phone identity; for these providers GoTrue uses the user's id as the provider id. */
export async function insertIdentity(
  db: Queryable,
  userId: string,
  provider: 'email' | 'phone',
  identityData: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5, now(), now(), now())`,
    [newId(), userId, userId, identityData, provider],
  )
}

/** GoTrue's UpdateUserMetaData / UpdateAppMetaData: keys set to null are removed, the rest merged in. */
export async function mergeMetadata(
  db: Queryable,
  userId: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  patch: Record<string, unknown>,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== null))
  const removed = Object.keys(patch).filter((k) => patch[k] === null)
  await db.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}'::jsonb) || $2::jsonb) - $3::text[],
       updated_at = now() where id = $1`,
    [userId, set, removed],
  )
}

export async function mergeIdentityData(
  db: Queryable,
  userId: string,
  provider: string,
  patch: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
     where user_id = $1 and provider = $2`,
    [userId, provider, patch],
  )
}

/** GoTrue's user.Confirm: email confirmed now, email_verified in the metadata, pending codes voided. */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = now(), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  )
  await clearOneTimeTokens(db, userId)
}

/** GoTrue's UpdatePassword: new hash, every pending code voided, other sessions (or all of them) ended. */
export async function updatePassword(
  db: Queryable,
  userId: string,
  hash: string | null,
  keepSession: string | undefined,
): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [userId, hash],
  )
  await clearOneTimeTokens(db, userId)
  if (keepSession) await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSession])
  else await db.query('delete from auth.sessions where user_id = $1', [userId])
}

/** The providers of the user's identities into app_metadata (GoTrue's UpdateAppMetaDataProviders). */
export async function refreshProviders(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
         'providers', coalesce((select jsonb_agg(p.provider order by p.first) from (
           select provider, min(created_at) as first from auth.identities where user_id = u.id group by provider) p),
           '[]'::jsonb))
       || coalesce((select jsonb_build_object('provider', i.provider) from auth.identities i where i.user_id = u.id
           order by i.created_at limit 1), '{}'::jsonb)
     where u.id = $1`,
    [userId],
  )
}
