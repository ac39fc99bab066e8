// Integration: inviting school members end to end on the running stack — an owner invites through the invite-member
// function and the invitee gets an email naming the school and the owner (Auth's invite for a new address, with the
// names and role in its metadata, landing on the app's /auth/callback then /studio; "<Owner> invited you to ..." from
// Summit over SMTP for an existing account, linking to /studio) with the same answer to the owner either way, and
// the invitee becomes a member only by accepting. Every refusal of PRODUCT.md §8 answers its status, the daily invitation limit
// with Retry-After.
import { FunctionsHttpError } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl, publishableKey } from './env.ts'
import { admin, client, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>
const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
const appOrigin = 'http://127.0.0.1:5173'
const dbUrl = process.env.SUMMIT_TEST_DB_URL || undefined

/** Status and body of an invoke, whether it succeeded or answered an error. */
async function invoke(db: Db, body: unknown, headers: Record<string, string> = {}) {
  const { data, error, response } = await db.functions.invoke('invite-member', { body: body as object, headers })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

/** The newest email to `to` (Mailpit's API), waiting up to 10 s. */
async function emailTo(to: string): Promise<{ subject: string; html: string; text: string }> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
    const { messages } = (await search.json()) as { messages: { ID: string; Subject: string }[] }
    if (messages[0]) {
      const message = (await (await fetch(`${inboxUrl}/api/v1/message/${messages[0].ID}`)).json()) as {
        Subject: string
        HTML: string
        Text: string
      }
      return { subject: message.Subject, html: message.HTML, text: message.Text }
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function verifyLink(html: string): URL {
  const href = /href="([^"]*\/verify\?[^"]*)"/.exec(html)?.[1]
  if (!href) throw new Error(`no verify link in:\n${html}`)
  return new URL(href.replaceAll('&amp;', '&'))
}

async function membership(schoolId: string, userId: string) {
  const { data, error } = await admin()
    .from('school_members')
    .select('role')
    .eq('school_id', schoolId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  return data?.role ?? null
}

describe.skipIf(!apiUrl)('invite-member', () => {
  let owner: TestUser, instructor: TestUser, existing: TestUser, otherOwner: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let otherSchool: Awaited<ReturnType<typeof createSchool>>
  const newcomer = `mem-newcomer-${crypto.randomUUID()}@example.com`

  beforeAll(async () => {
    ;[owner, instructor, existing, otherOwner] = (await Promise.all(
      ['mem-owner', 'mem-instructor', 'mem-existing', 'mem-other-owner'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    otherSchool = await createSchool(otherOwner)
    const named = await admin().from('profiles').update({ display_name: 'Olga Owner' }).eq('id', owner.id)
    if (named.error) throw named.error
    const added = await admin().from('school_members').insert({ school_id: school.id, user_id: instructor.id })
    if (added.error) throw added.error
  })

  afterAll(async () => {
    await school?.remove()
    await otherSchool?.remove()
    const { data } = await admin().auth.admin.listUsers({ perPage: 1000 })
    const invited = data.users.find((u) => u.email === newcomer)
    if (invited) await admin().auth.admin.deleteUser(invited.id)
    await deleteUsers([owner, instructor, existing, otherOwner])
  })

  it('refuses a caller without a session (401 not_signed_in)', async () => {
    const result = await invoke(client(), { school_id: school.id, email: newcomer })
    expect(result).toEqual({ status: 401, body: { error: { code: 'not_signed_in', message: expect.any(String) } } })
  })

  it('refuses a bad body with the fields to fix (422 validation_failed)', async () => {
    const result = await invoke(owner.db, { school_id: 'alpine', email: 'nope', role: 'learner' })
    expect(result.status).toBe(422)
    expect(result.body.error).toMatchObject({
      code: 'validation_failed',
      fields: {
        school_id: 'The school id must be a UUID.',
        email: 'Enter a valid email address.',
        role: 'The role is owner or instructor.',
      },
    })
  })

  it('refuses an instructor of the school and the owner of another school (403 forbidden), recording nothing', async () => {
    for (const caller of [instructor, otherOwner]) {
      const result = await invoke(caller.db, { school_id: school.id, email: newcomer })
      expect(result).toEqual({ status: 403, body: { error: { code: 'forbidden', message: expect.any(String) } } })
    }
    const { count } = await admin()
      .from('school_invitations')
      .select('email', { count: 'exact', head: true })
      .eq('school_id', school.id)
    expect(count).toBe(0)
  })

  it('invites a new address: Auth creates the account and emails an invite that lands on /studio', async () => {
    const result = await invoke(
      owner.db,
      { school_id: school.id, email: ` ${newcomer.toUpperCase()} ` },
      {
        Origin: appOrigin,
      },
    )
    expect(result).toEqual({
      status: 201,
      body: { status: 'invited', school_id: school.id, email: newcomer, role: 'instructor' },
    })
    const email = await emailTo(newcomer)
    const link = verifyLink(email.html)
    expect(link.searchParams.get('type')).toBe('invite')
    expect(link.searchParams.get('redirect_to')).toBe(`${appOrigin}/auth/callback?redirect=%2Fstudio`)
    const { data: listed } = await admin().auth.admin.listUsers({ perPage: 1000 })
    expect(listed.users.find((u) => u.email === newcomer)?.user_metadata).toMatchObject({
      school_name: 'Function Test School',
      inviter_name: 'Olga Owner',
      school_role: 'instructor',
    })

    // Following the link signs the invitee in (tokens in the fragment of the redirect).
    const followed = await fetch(link, { redirect: 'manual' })
    const location = new URL(followed.headers.get('location') ?? '')
    const fragment = new URLSearchParams(location.hash.slice(1))
    expect(`${location.origin}${location.pathname}`).toBe(`${appOrigin}/auth/callback`)
    const invitee = client()
    const session = await invitee.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    })
    if (session.error) throw session.error
    const userId = session.data.user!.id
    expect(await membership(school.id, userId)).toBeNull()

    const { data: pending } = await invitee.from('school_invitations').select('school_id, role')
    expect(pending).toEqual([{ school_id: school.id, role: 'instructor' }])
    const accepted = await invitee.rpc('accept_school_invitation', { school_id: school.id })
    expect(accepted).toMatchObject({ data: 'instructor', error: null })
    expect(await membership(school.id, userId)).toBe('instructor')

    const again = await invoke(owner.db, { school_id: school.id, email: newcomer })
    expect(again).toEqual({
      status: 200,
      body: { status: 'already_member', school_id: school.id, email: newcomer, role: 'instructor' },
    })
  })

  it('emails an existing account the school and the owner, linking to /studio; they join only by accepting, as the role invited', async () => {
    const result = await invoke(
      owner.db,
      { school_id: school.id, email: existing.email, role: 'owner' },
      {
        Origin: appOrigin,
      },
    )
    expect(result.status).toBe(201)
    expect(result.body).toEqual({ status: 'invited', school_id: school.id, email: existing.email, role: 'owner' })
    const email = await emailTo(existing.email)
    expect(email.subject).toBe('Olga Owner invited you to run Function Test School as an owner')
    expect([...email.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `${appOrigin}/studio`,
      `${appOrigin}/studio`,
    ])
    expect(email.text).toContain(
      `You get this email because Olga Owner invited ${existing.email} to Function Test School`,
    )
    expect(await membership(school.id, existing.id)).toBeNull()

    const { data: schoolSeen } = await existing.db.from('schools').select('name').eq('id', school.id)
    expect(schoolSeen).toEqual([{ name: 'Function Test School' }])
    const accepted = await existing.db.rpc('accept_school_invitation', { school_id: school.id })
    expect(accepted.error).toBeNull()
    expect(await membership(school.id, existing.id)).toBe('owner')
  })

  it('lets the owner see and cancel a pending invitation', async () => {
    const address = `mem-cancel-${crypto.randomUUID()}@example.com`
    expect((await invoke(owner.db, { school_id: school.id, email: address })).status).toBe(201)
    const { data: seen } = await owner.db.from('school_invitations').select('email').eq('school_id', school.id)
    expect(seen).toEqual([{ email: address }])
    const cancelled = await owner.db.from('school_invitations').delete().eq('school_id', school.id).eq('email', address)
    expect(cancelled.error).toBeNull()
    const { data: after } = await owner.db.from('school_invitations').select('email').eq('school_id', school.id)
    expect(after).toEqual([])
    const { data } = await admin().auth.admin.listUsers({ perPage: 1000 })
    const created = data.users.find((u) => u.email === address)
    if (created) await admin().auth.admin.deleteUser(created.id)
  })

  it.skipIf(!dbUrl)('answers the 51st invitation of the day with 429 rate_limited and Retry-After', async () => {
    // The day's first 50 are written straight into the count: sending them through Auth would spend the project's
    // hourly email budget (30) that the rest of the suite needs.
    const db = new pg.Client({ connectionString: dbUrl })
    await db.connect()
    try {
      await db.query(
        `insert into private.school_invitations_sent (user_id, sent_at)
         select $1, now() - interval '1 hour' from generate_series(1, 50)`,
        [otherOwner.id],
      )
    } finally {
      await db.end()
    }
    const address = `mem-limited-${crypto.randomUUID()}@example.com`
    const response = await fetch(`${apiUrl}/functions/v1/invite-member`, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${otherOwner.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ school_id: otherSchool.id, email: address }),
    })
    expect(response.status).toBe(429)
    const retryAfter = Number(response.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(82_000)
    expect(retryAfter).toBeLessThanOrEqual(82_800)
    expect(await response.json()).toEqual({
      error: { code: 'rate_limited', message: 'You can send up to 50 invitations a day. Try again later.' },
    })
    const { count } = await admin()
      .from('school_invitations')
      .select('email', { count: 'exact', head: true })
      .eq('email', address)
    expect(count).toBe(0)
  })
})
