// The writes behind POST and PUT /admin/users, in GoTrue's order: the user row and its email/phone identities,
// role, app_metadata merge, confirmations and ban; updates create or refresh identities for a new email or phone.
import type { AuthContext } from '../context.ts'
import { inTransaction, type Queryable } from '../db.ts'
import { badRequest } from '../errors.ts'
import type { Params } from '../http/params.ts'
import {
  confirmEmail,
  emailIdentityData,
  insertIdentity,
  insertUser,
  mergeMetadata,
  updatePassword,
} from '../models/user-writes.ts'
import { reloadUser, type UserRow } from '../models/users.ts'
import { passwordProblem } from '../passwords/strength.ts'
import { parseGoDuration, validateEmail, validatePhone } from '../validate.ts'

/** ban_duration as an interval in milliseconds: 0 lifts a ban ("none"), undefined leaves it as it is. */
export function banInterval(text: string): number | undefined {
  if (text === '') return undefined
  if (text === 'none') return 0
  const ms = parseGoDuration(text)
  if (ms === undefined) {
    throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${text}"`)
  }
  return ms
}

async function setBan(db: Queryable, userId: string, ms: number): Promise<void> {
  await db.query(
    `update auth.users set banned_until = case when $2::float8 = 0 then null
       else now() + make_interval(secs => $2::float8 / 1000) end where id = $1`,
    [userId, ms],
  )
}

const phoneIdentityData = (userId: string, phone: string, verified = false) => ({
  sub: userId,
  phone,
  email_verified: false,
  phone_verified: verified,
})

export async function createAdminUser(
  db: Queryable,
  params: Params,
  fields: { id?: string; aud: string; email: string; phone: string; hash: string; ban: number | undefined },
): Promise<UserRow> {
  const providers = [...(fields.email ? ['email'] : []), ...(fields.phone ? ['phone'] : [])]
  const id = await insertUser(db, {
    id: fields.id,
    aud: fields.aud,
    role: params.string('role') || 'authenticated',
    email: fields.email || null,
    phone: fields.phone || null,
    passwordHash: fields.hash,
    appMetadata: { provider: providers[0], providers },
    userMetadata: params.object('user_metadata') ?? {},
  })
  if (fields.email) await insertIdentity(db, id, 'email', emailIdentityData(id, fields.email))
  if (fields.phone) await insertIdentity(db, id, 'phone', phoneIdentityData(id, fields.phone))
  const appMetadata = params.object('app_metadata')
  if (appMetadata) await mergeMetadata(db, id, 'raw_app_meta_data', appMetadata)
  if (params.boolean('email_confirm', false)) await confirmEmail(db, id)
  if (params.boolean('phone_confirm', false)) {
    await db.query('update auth.users set phone_confirmed_at = now() where id = $1', [id])
  }
  if (fields.ban !== undefined) await setBan(db, id, fields.ban)
  return reloadUser(db, id)
}

export async function applyAdminUpdate(context: AuthContext, user: UserRow, params: Params): Promise<UserRow> {
  const email = params.string('email') === '' ? '' : validateEmail(params.string('email'))
  const phone = params.string('phone') === '' ? '' : validatePhone(params.string('phone'))
  const ban = banInterval(params.string('ban_duration'))
  const password = params.optionalString('password')
  let hash: string | null | undefined
  if (password !== undefined) {
    const weak = passwordProblem(password, context.settings)
    if (weak) throw weak
    hash = password === '' ? null : await context.hasher.hash(password)
  }
  const emailConfirm = params.boolean('email_confirm', false)
  const phoneConfirm = params.boolean('phone_confirm', false)
  return inTransaction(context.db, async (db) => {
    const role = params.string('role')
    if (role) await db.query('update auth.users set role = $2 where id = $1', [user.id, role])
    if (emailConfirm) await confirmEmail(db, user.id)
    if (phoneConfirm) await db.query('update auth.users set phone_confirmed_at = now() where id = $1', [user.id])
    if (hash !== undefined) await updatePassword(db, user.id, hash, undefined)
    for (const [provider, value, verified] of [
      ['email', email, emailConfirm],
      ['phone', phone, phoneConfirm],
    ] as const) {
      if (!value) continue
      const data =
        provider === 'email' ? { email: value, email_verified: verified } : { phone: value, phone_verified: verified }
      const { rowCount } = await db.query(
        `update auth.identities set identity_data = identity_data || $3::jsonb, updated_at = now()
         where user_id = $1 and provider = $2`,
        [user.id, provider, data],
      )
      if (rowCount === 0) {
        const fresh =
          provider === 'email'
            ? emailIdentityData(user.id, value, verified)
            : phoneIdentityData(user.id, value, verified)
        await insertIdentity(db, user.id, provider, fresh)
      }
      await db.query(
        `update auth.users set ${provider} = $2, updated_at = now(),
           is_anonymous = case when $3::boolean then false else is_anonymous end where id = $1`,
        [user.id, value, verified],
      )
    }
    const appMetadata = params.object('app_metadata')
    if (appMetadata) await mergeMetadata(db, user.id, 'raw_app_meta_data', appMetadata)
    const userMetadata = params.object('user_metadata')
    if (userMetadata) await mergeMetadata(db, user.id, 'raw_user_meta_data', userMetadata)
    if (ban !== undefined) await setBan(db, user.id, ban)
    return reloadUser(db, user.id)
  })
}
