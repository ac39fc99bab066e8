// The admin users API (service_role or supabase_admin JWT): list with page/per_page and GoTrue's X-Total-Count and
// Link headers, create (password, password_hash or none, email/phone confirmed or not, ban), get, update, delete
// (hard, or soft as GoTrue obfuscates it).
import type { AuthContext } from '../context.ts'
import { randomPassword } from '../crypto.ts'
import { inTransaction } from '../db.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import type { AuthRequest } from '../http/request.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { userJson } from '../models/serialize.ts'
import { findUserById, findUserWithEmail, isUuid, nilUuid, userGraphSql, type UserRow } from '../models/users.ts'
import { maxPasswordBytes } from '../passwords/strength.ts'
import { validateEmail, validatePhone } from '../validate.ts'
import { applyAdminUpdate, banInterval, createAdminUser } from './admin-user-writes.ts'

export async function loadUserParam(context: AuthContext, request: AuthRequest): Promise<UserRow> {
  const id = request.params.user_id ?? ''
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID')
  const user = await findUserById(context.db, id)
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

export const listAllUsers: AuthHandler = async (context, request) => {
  await listUsers(context, request)
}
export const createUser: AuthHandler = async (context, request) => {
  const params = await request.json('AdminUserParams')
  const aud = params.string('aud') || context.aud
  const email = params.string('email') === '' ? '' : validateEmail(params.string('email'))
  const phone = params.string('phone') === '' ? '' : validatePhone(params.string('phone'))
  if (!email && !phone) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone')
  if (email && (await findUserWithEmail(context.db, email, aud))) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered')
  }
  if (phone) {
    const { rowCount } = await context.db.query('select 1 from auth.users where phone = $1 and aud = $2', [phone, aud])
    if (rowCount) throw unprocessable('phone_exists', 'Phone number already registered by another user')
  }
  const password = params.optionalString('password')
  const passwordHash = params.string('password_hash')
  if (password !== undefined && passwordHash !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided')
  }
  if (passwordHash && !/^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/.test(passwordHash)) {
    throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported')
  }
  if (password && Buffer.byteLength(password) > maxPasswordBytes) {
    throw badRequest('validation_failed', 'bcrypt: password length exceeds 72 bytes')
  }
  const id = params.string('id')
  if (id !== '' && !isUuid(id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format')
  if (id === nilUuid) throw badRequest('validation_failed', 'ID cannot be a nil uuid')
  const ban = banInterval(params.string('ban_duration'))
  const hash = passwordHash || (await context.hasher.hash(password || randomPassword()))
  const user = await inTransaction(context.db, (db) =>
    createAdminUser(db, params, { id: id || undefined, aud, email, phone, hash, ban }),
  )
  sendJson(request.res, 200, userJson(user))
}
export const getUser: AuthHandler = async (context, request) => {
  sendJson(request.res, 200, userJson(await loadUserParam(context, request)))
}
export const updateUser: AuthHandler = async (context, request) => {
  const user = await loadUserParam(context, request)
  const params = await request.json('AdminUserParams')
  const updated = await applyAdminUpdate(context, user, params)
  sendJson(request.res, 200, userJson(updated))
}
export const deleteUser: AuthHandler = async (context, request) => {
  const user = await loadUserParam(context, request)
  const params = await request.optionalJson('adminUserDeleteParams')
  if (params.boolean('should_soft_delete', false)) await softDelete(context, user)
  else await context.db.query('delete from auth.users where id = $1', [user.id])
  sendJson(request.res, 200, {})
}

async function listUsers(context: AuthContext, request: AuthRequest): Promise<void> {
  const number = (name: string, fallback: number) => {
    const raw = request.query.get(name) ?? ''
    if (raw === '') return fallback
    if (!/^\d+$/.test(raw)) {
      throw badRequest(
        'validation_failed',
        `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
      )
    }
    return Math.max(1, Number(raw))
  }
  const page = number('page', 1)
  const perPage = Math.min(number('per_page', 50), 1000)
  const sort = (request.query.get('sort') ?? '').toLowerCase().endsWith(' asc') ? 'asc' : 'desc'
  const filter = request.query.get('filter') ?? ''
  const where = `u.instance_id = $1 and u.aud = $2 and ($3 = '' or u.email like '%' || $3 || '%'
    or u.raw_user_meta_data->>'full_name' ilike '%' || $3 || '%')`
  const args = [nilUuid, context.aud, filter]
  const [{ rows: users }, { rows: counted }] = await Promise.all([
    context.db.query<UserRow>(`${userGraphSql} where ${where} order by u.created_at ${sort}, u.id limit $4 offset $5`, [
      ...args,
      perPage,
      (page - 1) * perPage,
    ]),
    context.db.query<{ count: string }>(`select count(*) from auth.users u where ${where}`, args),
  ])
  const total = Number(counted[0]?.count ?? 0)
  const pages = Math.ceil(total / perPage)
  const link = (n: number) => {
    const query = new URLSearchParams(request.query)
    query.set('page', String(n))
    query.set('per_page', String(perPage))
    query.sort()
    return `</admin/users?${query.toString()}>`
  }
  const links = [...(page < pages ? [`${link(page + 1)}; rel="next"`] : []), `${link(pages)}; rel="last"`]
  sendJson(
    request.res,
    200,
    { users: users.map(userJson), aud: context.aud },
    { 'x-total-count': String(total), link: links.join(', ') },
  )
}

/** GoTrue's SoftDeleteUser: identifying data obfuscated, metadata emptied, factors and sessions removed. */
async function softDelete(context: AuthContext, user: UserRow): Promise<void> {
  if (user.deleted_at) return
  await inTransaction(context.db, async (db) => {
    const obfuscate = (v: string) => `encode(sha256(convert_to(${v}, 'UTF8')), 'base64')`
    await db.query(
      `update auth.users set
         email = nullif(${obfuscate("id::text || coalesce(email, '')")}, ''),
         phone = case when phone is null then null else left(${obfuscate('id::text || phone')}, 15) end,
         email_change = '', phone_change = '', encrypted_password = null, confirmation_token = '',
         recovery_token = '', email_change_token_current = '', email_change_token_new = '', phone_change_token = '',
         raw_user_meta_data = '{}', raw_app_meta_data = '{}', deleted_at = now(), updated_at = now()
       where id = $1`,
      [user.id],
    )
    await db.query(
      `update auth.identities set identity_data = '{}',
         provider_id = ${obfuscate("user_id::text || provider || ':' || provider_id")} where user_id = $1`,
      [user.id],
    )
    await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id])
    await db.query('delete from auth.mfa_factors where user_id = $1', [user.id])
    await db.query('delete from auth.sessions where user_id = $1', [user.id])
  })
}
