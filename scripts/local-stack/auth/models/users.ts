// auth.users as GoTrue reads and writes it: lookups with the user's identities and MFA factors in one round trip,
// the instance_id = nil-UUID filter GoTrue applies (so a seed row that real Supabase would not find is not found
// here either), and the JSON shape GoTrue's models.User marshals to.
import { goTime, type Queryable } from '../db.ts'
import { AuthError } from '../errors.ts'

export const nilUuid = '00000000-0000-0000-0000-000000000000'

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: string | null
  created_at: string | null
  updated_at: string | null
  email: string | null
}

export interface FactorRow {
  id: string
  created_at: string
  updated_at: string
  status: 'verified' | 'unverified'
  friendly_name: string | null
  factor_type: 'totp' | 'webauthn' | 'phone'
  phone: string | null
  last_challenged_at: string | null
  web_authn_aaguid: string | null
}

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: string | null
  invited_at: string | null
  confirmation_token: string | null
  confirmation_sent_at: string | null
  recovery_token: string | null
  recovery_sent_at: string | null
  email_change_token_new: string | null
  email_change: string | null
  email_change_sent_at: string | null
  email_change_token_current: string | null
  email_change_confirm_status: number | null
  last_sign_in_at: string | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: string | null
  updated_at: string | null
  phone: string | null
  phone_confirmed_at: string | null
  phone_change: string | null
  phone_change_sent_at: string | null
  confirmed_at: string | null
  banned_until: string | null
  reauthentication_token: string | null
  reauthentication_sent_at: string | null
  is_sso_user: boolean
  deleted_at: string | null
  is_anonymous: boolean
  identities: IdentityRow[]
  factors: FactorRow[]
}

export const userGraphSql = `
  select u.*,
    coalesce((select json_agg(json_build_object(
        'id', i.id, 'provider_id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
        'updated_at', i.updated_at, 'email', i.email) order by i.created_at, i.id)
      from auth.identities i where i.user_id = u.id), '[]'::json) as identities,
    coalesce((select json_agg(json_build_object(
        'id', f.id, 'created_at', f.created_at, 'updated_at', f.updated_at, 'status', f.status,
        'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'phone', f.phone,
        'last_challenged_at', f.last_challenged_at, 'web_authn_aaguid', f.web_authn_aaguid) order by f.created_at)
      from auth.mfa_factors f where f.user_id = u.id), '[]'::json) as factors
  from auth.users u`

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined
  const { rows } = await db.query<UserRow>(`${userGraphSql} where u.instance_id = $1 and u.id = $2`, [nilUuid, id])
  return rows[0]
}

/** The user just written, read back (so responses show what the database now holds). */
export async function reloadUser(db: Queryable, id: string): Promise<UserRow> {
  const user = await findUserById(db, id)
  if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error loading user')
  return user
}

export async function findUserByEmail(db: Queryable, email: string, aud: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${userGraphSql} where u.instance_id = $1 and lower(u.email) = $2 and u.aud = $3 and u.is_sso_user = false`,
    [nilUuid, email.toLowerCase(), aud],
  )
  return rows[0]
}

/** GoTrue's IsDuplicatedEmail: a non-SSO identity or account with this email in the audience, other than `except`. */
export async function findUserWithEmail(
  db: Queryable,
  email: string,
  aud: string,
  except?: string,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>(
    `${userGraphSql}
     where u.aud = $2 and ($3::uuid is null or u.id <> $3::uuid) and (
       u.id in (select i.user_id from auth.identities i where i.email = $1 and i.provider not like 'sso:%')
       or (u.instance_id = $4 and lower(u.email) = $1 and u.is_sso_user = false))
     limit 1`,
    [email.toLowerCase(), aud, except ?? null, nilUuid],
  )
  return rows[0]
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null
}

export function isBanned(user: UserRow, now = Date.now()): boolean {
  return user.banned_until !== null && Date.parse(goTime(user.banned_until)) > now
}

export function hasPassword(user: UserRow): boolean {
  return (user.encrypted_password ?? '') !== ''
}

export function hasVerifiedFactor(user: UserRow): boolean {
  return user.factors.some((f) => f.status === 'verified')
}
