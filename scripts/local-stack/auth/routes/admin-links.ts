// POST /invite (creates the user if needed and emails an invite) and POST /admin/generate_link (the same links as
// the emails, returned instead of sent: signup, invite, magiclink, recovery, email_change_current/new).
import type { AuthContext } from '../context.ts'
import { generateOtp, randomPassword, tokenHash } from '../crypto.ts'
import { inTransaction, type Queryable } from '../db.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import { sendJson } from '../http/response.ts'
import type { AuthHandler } from '../http/request.ts'
import { actionLink, sendInvite } from '../mail/send.ts'
import { saveOneTimeToken, type TokenKind } from '../models/one-time-tokens.ts'
import { userJson } from '../models/serialize.ts'
import { emailIdentityData, insertIdentity, insertUser, mergeMetadata } from '../models/user-writes.ts'
import { findUserByEmail, findUserWithEmail, isConfirmed, reloadUser, type UserRow } from '../models/users.ts'
import { passwordProblem } from '../passwords/strength.ts'
import { isRedirectAllowed, referrer, validateEmail } from '../validate.ts'

const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered')

async function createEmailUser(
  context: AuthContext,
  db: Queryable,
  email: string,
  data: Record<string, unknown>,
  hash: string,
): Promise<UserRow> {
  const id = await insertUser(db, {
    aud: context.aud,
    role: 'authenticated',
    email,
    phone: null,
    passwordHash: hash,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: data,
  })
  await insertIdentity(db, id, 'email', emailIdentityData(id, email))
  return reloadUser(db, id)
}

export const invite: AuthHandler = async (context, request) => {
  const params = await request.json('InviteParams')
  const email = validateEmail(params.string('email'))
  const existing = await findUserByEmail(context.db, email, context.aud)
  if (existing && isConfirmed(existing)) throw emailExists()
  const user = await inTransaction(context.db, async (db) => {
    const user = existing ?? (await createEmailUser(context, db, email, params.object('data') ?? {}, ''))
    await sendInvite(context, db, user, referrer(request, context.settings))
    return reloadUser(db, user.id)
  })
  sendJson(request.res, 200, userJson(user))
}

export const generateLink: AuthHandler = async (context, request) => {
  const params = await request.json('GenerateLinkParams')
  const email = validateEmail(params.string('email'))
  let type = params.string('type')
  const target = isRedirectAllowed(params.string('redirect_to'), context.settings)
    ? params.string('redirect_to')
    : referrer(request, context.settings)
  const existing = await findUserByEmail(context.db, email, context.aud)
  let password = params.string('password')
  if (!existing) {
    if (type === 'magiclink') {
      type = 'signup'
      password = randomPassword()
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('user_not_found', 'User with this email not found')
    }
  }
  const hashForSignup = type === 'signup' && !existing ? await signupHash(context, password) : ''
  const otp = generateOtp(context.settings.email.otpLength)
  const { user, hash } = await inTransaction(context.db, (db) =>
    generate(context, db, {
      type,
      email,
      existing,
      otp,
      hashForSignup,
      params: { data: params.object('data'), newEmail: params.string('new_email') },
    }),
  )
  const linkType = type.startsWith('email_change') ? 'email_change' : type
  sendJson(request.res, 200, {
    ...userJson(user),
    action_link: actionLink(context, hash, linkType, target),
    email_otp: otp,
    hashed_token: hash,
    verification_type: type,
    redirect_to: target,
  })
}

async function signupHash(context: AuthContext, password: string): Promise<string> {
  if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password')
  const weak = passwordProblem(password, context.settings)
  if (weak) throw weak
  return context.hasher.hash(password)
}

async function generate(
  context: AuthContext,
  db: Queryable,
  input: {
    type: string
    email: string
    existing: UserRow | undefined
    otp: string
    hashForSignup: string
    params: { data: Record<string, unknown> | undefined; newEmail: string }
  },
): Promise<{ user: UserRow; hash: string }> {
  const { type, email, existing, otp } = input
  let hash = tokenHash(email, otp)
  let user = existing
  const store = async (kind: TokenKind, column: string, sentAt: string, extra = '', address = email) => {
    await db.query(`update auth.users set ${column} = $2, ${sentAt} = now()${extra} where id = $1`, [user!.id, hash])
    await saveOneTimeToken(db, user!.id, kind, hash, address)
  }
  if (type === 'magiclink' || type === 'recovery') {
    await store('recovery_token', 'recovery_token', 'recovery_sent_at')
  } else if (type === 'invite' || type === 'signup') {
    if (user && isConfirmed(user)) throw emailExists()
    if (user && type === 'signup' && input.params.data) {
      await mergeMetadata(db, user.id, 'raw_user_meta_data', input.params.data)
    }
    user ??= await createEmailUser(context, db, email, input.params.data ?? {}, input.hashForSignup)
    await store(
      'confirmation_token',
      'confirmation_token',
      'confirmation_sent_at',
      type === 'invite' ? ', invited_at = now()' : '',
    )
  } else if (type === 'email_change_current' || type === 'email_change_new') {
    if (type === 'email_change_current' && !context.settings.email.doubleConfirmChanges) {
      throw badRequest('validation_failed', 'Enable secure email change to generate link for current email')
    }
    const newEmail = validateEmail(input.params.newEmail)
    if (await findUserWithEmail(db, newEmail, user!.aud ?? context.aud, user!.id)) throw emailExists()
    await db.query(
      'update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_sent_at = now() where id = $1',
      [user!.id, newEmail],
    )
    if (type === 'email_change_current') {
      await store('email_change_token_current', 'email_change_token_current', 'email_change_sent_at')
    } else {
      hash = tokenHash(newEmail, otp)
      await store('email_change_token_new', 'email_change_token_new', 'email_change_sent_at', '', newEmail)
    }
  } else {
    throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`)
  }
  return { user: await reloadUser(db, user!.id), hash }
}
