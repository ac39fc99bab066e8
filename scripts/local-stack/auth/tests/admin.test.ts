// The admin API through auth-js (service_role, and a supabase_admin JWT): users CRUD with paging headers, invite,
// generate_link, and the not_admin answer for everyone else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signHs256 } from '../../keys/jwt.ts'
import { anonKey } from '../../keys/index.ts'
import {
  cheapHash,
  signedInUser,
  startHarness,
  testDbUrl,
  uniqueEmail,
  verifyLinkIn,
  type Harness,
} from '../testing/harness.ts'

describe.skipIf(!testDbUrl())('admin API', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('creates, gets, updates, bans and deletes a user', async () => {
    const admin = h.admin().auth.admin
    const email = uniqueEmail('admin-made')
    const created = await admin.createUser({
      email,
      password: 'summit-secret-1',
      email_confirm: true,
      user_metadata: { display_name: 'Made' },
      app_metadata: { plan: 'gold' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    expect(created.data.user).toMatchObject({
      email,
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'], plan: 'gold' },
      user_metadata: { display_name: 'Made', email_verified: true },
    })
    expect((await h.anon().auth.signInWithPassword({ email, password: 'summit-secret-1' })).error).toBeNull()
    expect((await admin.getUserById(id)).data.user?.email).toBe(email)

    const updated = await admin.updateUserById(id, { user_metadata: { display_name: 'Changed' }, ban_duration: '1h' })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.banned_until).toBeTruthy()
    const banned = await h.anon().auth.signInWithPassword({ email, password: 'summit-secret-1' })
    expect(banned.error).toMatchObject({ code: 'user_banned' })
    expect((await admin.updateUserById(id, { ban_duration: 'none' })).data.user?.banned_until).toBeUndefined()

    const deleted = await admin.deleteUser(id)
    expect(deleted.error).toBeNull()
    expect((await admin.getUserById(id)).error).toMatchObject({ code: 'user_not_found', status: 404 })
  })

  it('refuses duplicates and bad input with GoTrue codes', async () => {
    const admin = h.admin().auth.admin
    const email = uniqueEmail('dup')
    await admin.createUser({ email, password: 'summit-secret-1' })
    expect((await admin.createUser({ email, password: 'summit-secret-1' })).error).toMatchObject({
      code: 'email_exists',
      status: 422,
    })
    expect((await admin.createUser({ email: 'not-an-email', password: 'x' })).error).toMatchObject({
      code: 'validation_failed',
      status: 400,
    })
    expect((await admin.createUser({ password: 'x' })).error?.message).toBe(
      'Cannot create a user without either an email or phone',
    )
    expect((await admin.updateUserById(crypto.randomUUID(), { email: uniqueEmail() })).error?.status).toBe(404)
  })

  it('lists users with page, per_page, X-Total-Count and Link', async () => {
    const admin = h.admin().auth.admin
    const first = await admin.listUsers({ page: 1, perPage: 2 })
    if (first.error) throw first.error
    expect(first.data.users).toHaveLength(2)
    expect(first.data.total).toBeGreaterThanOrEqual(3)
    expect(first.data.nextPage).toBe(2)
    // (auth-js reads only the first digit of the last page, so the header is checked below instead.)
    const response = await fetch(`${h.authUrl}/admin/users?page=1&per_page=2`, {
      headers: { authorization: `Bearer ${signHs256({ role: 'service_role' })}` },
    })
    const total = Number(response.headers.get('x-total-count'))
    expect(total).toBeGreaterThanOrEqual(3)
    expect(response.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    )
  })

  it('accepts a supabase_admin JWT and a bcrypt password_hash', async () => {
    const email = uniqueEmail('hash')
    const response = await fetch(`${h.authUrl}/admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signHs256({ role: 'supabase_admin' })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password_hash: cheapHash('imported-secret-1'), email_confirm: true }),
    })
    expect(response.status).toBe(200)
    expect((await h.anon().auth.signInWithPassword({ email, password: 'imported-secret-1' })).error).toBeNull()
  })

  it('answers not_admin to anon keys and user tokens', async () => {
    const anon = h.anon().auth.admin
    expect((await anon.listUsers()).error).toMatchObject({ code: 'not_admin', status: 403 })
    const { session } = await signedInUser(h)
    const response = await fetch(`${h.authUrl}/admin/users`, {
      headers: { authorization: `Bearer ${session.access_token}`, apikey: anonKey },
    })
    expect(response.status).toBe(403)
  })

  it('invites a user, whose invite link signs them in', async () => {
    const email = uniqueEmail('invited')
    const invited = await h.admin().auth.admin.inviteUserByEmail(email, { data: { team: 'blue' } })
    expect(invited.error).toBeNull()
    expect(invited.data.user?.invited_at).toBeTruthy()
    const mail = await h.email(email, 'invite')
    expect(mail.Subject).toBe('You have been invited')
    const response = await fetch(verifyLinkIn(mail), { redirect: 'manual' })
    const fragment = new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1))
    expect(fragment.get('type')).toBe('invite')
    const user = await h.anon().auth.getUser(fragment.get('access_token')!)
    expect(user.data.user?.email_confirmed_at).toBeTruthy()
    expect(user.data.user?.user_metadata.team).toBe('blue')
  })

  it('generates signup, magiclink, recovery and email change links without sending email', async () => {
    const admin = h.admin().auth.admin
    const email = uniqueEmail('linked')
    const before = h.inbox.messages().length
    const signup = await admin.generateLink({ type: 'signup', email, password: 'summit-secret-1' })
    expect(signup.error).toBeNull()
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: 'http://127.0.0.1:5173' })
    expect(signup.data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(signup.data.properties?.action_link).toContain(`${h.authUrl}/verify?token=`)
    expect(signup.data.user?.email).toBe(email)
    const confirmed = await h.anon().auth.verifyOtp({ email, token: signup.data.properties!.email_otp, type: 'signup' })
    expect(confirmed.error).toBeNull()
    const magic = await admin.generateLink({ type: 'magiclink', email })
    expect(magic.data.properties?.verification_type).toBe('magiclink')
    const recovery = await admin.generateLink({ type: 'recovery', email })
    expect(recovery.data.properties?.verification_type).toBe('recovery')
    const change = await admin.generateLink({ type: 'email_change_new', email, newEmail: uniqueEmail('next') })
    expect(change.error).toBeNull()
    expect((await admin.generateLink({ type: 'recovery', email: uniqueEmail('none') })).error).toMatchObject({
      code: 'user_not_found',
    })
    expect(h.inbox.messages().length).toBe(before)
  })
})
