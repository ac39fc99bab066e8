// The signed-in user through auth-js: getUser, metadata updates, password change (ending the other sessions),
// email change confirmed on both addresses (double_confirm_changes), and sign-out with each scope.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  codeIn,
  signedInUser,
  startHarness,
  testDbUrl,
  uniqueEmail,
  verifyLinkIn,
  type Harness,
} from '../testing/harness.ts'

describe.skipIf(!testDbUrl())('the signed-in user', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.stop())

  it('reads and merges user metadata; a null removes a key', async () => {
    const { client, user } = await signedInUser(h, { userMetadata: { theme: 'light', locale: 'en' } })
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id)
    const { data, error } = await client.auth.updateUser({ data: { theme: 'dark', locale: null } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark' })
    expect(data.user?.user_metadata).not.toHaveProperty('locale')
  })

  it('changes the password, keeps this session and ends the others', async () => {
    const { client, email, password } = await signedInUser(h)
    const other = h.anon()
    const otherSession = await other.auth.signInWithPassword({ email, password })
    const same = await client.auth.updateUser({ password })
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 })
    const weak = await client.auth.updateUser({ password: 'short' })
    expect(weak.error).toMatchObject({ code: 'weak_password', reasons: ['length'] })
    expect((await client.auth.updateUser({ password: 'a-new-password-42' })).error).toBeNull()
    expect((await client.auth.getUser()).error).toBeNull()
    const ended = await h.anon().auth.getUser(otherSession.data.session!.access_token)
    expect(ended.error?.name).toBe('AuthSessionMissingError')
    expect((await h.anon().auth.signInWithPassword({ email, password: 'a-new-password-42' })).error).toBeNull()
  })

  it('changes the email only after both addresses confirm', async () => {
    const { client, email } = await signedInUser(h)
    const newEmail = uniqueEmail('moved')
    const { data, error } = await client.auth.updateUser({ email: newEmail })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.new_email).toBe(newEmail)
    const toNew = await h.email(newEmail, 'email_change')
    const toOld = await h.email(email, 'email_change')
    expect(toNew.Subject).toBe('Confirm Email Change')
    const first = await fetch(verifyLinkIn(toNew), { redirect: 'manual' })
    const message = new URLSearchParams(new URL(first.headers.get('location')!).hash.slice(1)).get('message')
    expect(message).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email')
    expect((await client.auth.getUser()).data.user?.email).toBe(email)
    const second = await client.auth.verifyOtp({ email, token: codeIn(toOld), type: 'email_change' })
    expect(second.error).toBeNull()
    expect(second.data.user?.email).toBe(newEmail)
    const identity = second.data.user?.identities?.find((i) => i.provider === 'email')
    expect(identity?.identity_data?.email).toBe(newEmail)
  })

  it('refuses an email already in use', async () => {
    const { client } = await signedInUser(h)
    const { email: taken } = await signedInUser(h)
    const { error } = await client.auth.updateUser({ email: taken })
    expect(error).toMatchObject({ code: 'email_exists', status: 422 })
  })

  it('refuses app_metadata changes from the user', async () => {
    const { client } = await signedInUser(h)
    const response = await fetch(`${h.authUrl}/user`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
        'x-supabase-api-version': '2024-01-01',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'not_admin' })
  })

  it('signs out with the local, others and global scopes', async () => {
    const { email, password } = await signedInUser(h)
    const sessions = await Promise.all(
      [0, 1, 2].map(async () => {
        const client = h.anon()
        const { data } = await client.auth.signInWithPassword({ email, password })
        return { client, token: data.session!.access_token }
      }),
    )
    const alive = async (token: string) => !(await h.anon().auth.getUser(token)).error
    await sessions[0]!.client.auth.signOut({ scope: 'local' })
    expect(await alive(sessions[0]!.token)).toBe(false)
    expect(await alive(sessions[1]!.token)).toBe(true)
    await sessions[1]!.client.auth.signOut({ scope: 'others' })
    expect(await alive(sessions[1]!.token)).toBe(true)
    expect(await alive(sessions[2]!.token)).toBe(false)
    const extra = h.anon()
    await extra.auth.signInWithPassword({ email, password })
    await sessions[1]!.client.auth.signOut({ scope: 'global' })
    expect(await alive(sessions[1]!.token)).toBe(false)
    expect((await extra.auth.getUser()).error?.name).toBe('AuthSessionMissingError')
  })
})

describe.skipIf(!testDbUrl())('secure password change', () => {
  let h: Harness
  let db: pg.Client
  beforeAll(async () => {
    h = await startHarness((config) => {
      config.auth.email.securePasswordChange = true
    })
    db = new pg.Client({ connectionString: testDbUrl() })
    await db.connect()
  })
  afterAll(async () => {
    await db.end()
    await h.stop()
  })

  it('accepts a reauthentication nonce once, even when two password changes present it at the same time', async () => {
    const { client, email, user } = await signedInUser(h)
    await db.query(`update auth.sessions set created_at = now() - interval '2 days' where user_id = $1`, [user.id])
    const missing = await client.auth.updateUser({ password: 'no-nonce-password-1' })
    expect(missing.error).toMatchObject({ code: 'reauthentication_needed' })
    expect((await client.auth.reauthenticate()).error).toBeNull()
    const nonce = codeIn(await h.email(email, 'reauthentication'))
    const results = await Promise.all(
      ['first-new-password-1', 'second-new-password-2'].map((password) => client.auth.updateUser({ password, nonce })),
    )
    const refused = results.filter((result) => result.error)
    expect(refused).toHaveLength(1)
    expect(refused[0]?.error).toMatchObject({ code: 'reauthentication_not_valid', status: 422 })
    const again = await client.auth.updateUser({ password: 'third-new-password-3', nonce })
    expect(again.error).toMatchObject({ code: 'reauthentication_not_valid', status: 422 })
    const { rows } = await db.query(
      `select u.reauthentication_token, u.reauthentication_sent_at,
         (select count(*)::int from auth.one_time_tokens t
          where t.user_id = u.id and t.token_type = 'reauthentication_token') as tokens
       from auth.users u where u.id = $1`,
      [user.id],
    )
    expect(rows[0]).toEqual({ reauthentication_token: '', reauthentication_sent_at: null, tokens: 0 })
  })
})
