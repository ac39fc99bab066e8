// Integration: the add-learners function on the running stack — an owner invites learners by email: a registered
// and an unknown address get the same answer (invited) and an email naming the owner, the school and the course:
// for the account, "<Owner> at <School> invited you to <Course>" from Summit over SMTP with a link to the app's
// /invitations/<id>; for the new address, Auth's invite carrying those names in its metadata (which
// supabase/templates/invite.html shows), landing through /auth/callback on /invitations/<id>; nobody is enrolled and the
// roster shows no name until the invitee accepts; malformed addresses are answered invalid beside the valid ones;
// visitors, learners and members of other schools are refused; bad bodies are answered field by field.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>
const inboxUrl = process.env.SUMMIT_TEST_INBOX_URL || 'http://127.0.0.1:54324'
const appOrigin = 'http://127.0.0.1:5173'

async function invoke(db: Db, body: unknown, headers: Record<string, string> = {}) {
  const { data, error, response } = await db.functions.invoke('add-learners', {
    body: body as Record<string, unknown>,
    headers,
  })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

/** The roster columns these tests read (the test clients are not typed with the schema). */
interface RosterRow {
  email: string
  enrollment_status: string
  display_name: string | null
  user_id: string | null
}

async function enrollmentOf(courseId: string, userId: string) {
  const { data, error } = await admin()
    .from('enrollments')
    .select('source, status, cohort_id')
    .eq('course_id', courseId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  return data
}

/** The course's pending invitation to an address, read with the service key. */
async function invitationTo(courseId: string, email: string) {
  const { data, error } = await admin()
    .from('course_invitations')
    .select('id, cohort_id')
    .eq('course_id', courseId)
    .eq('email', email)
    .maybeSingle()
  if (error) throw error
  return data
}

/** The newest email to `to` (Mailpit's API), waiting up to 10 s. */
async function emailTo(
  to: string,
): Promise<{ subject: string; html: string; text: string; from: { Name: string; Address: string } }> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
    const { messages } = (await search.json()) as { messages: { ID: string }[] }
    if (messages[0]) {
      const message = (await (await fetch(`${inboxUrl}/api/v1/message/${messages[0].ID}`)).json()) as {
        Subject: string
        HTML: string
        Text: string
        From: { Name: string; Address: string }
      }
      return { subject: message.Subject, html: message.HTML, text: message.Text, from: message.From }
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** How many emails the inbox holds for `to`. */
async function emailCount(to: string): Promise<number> {
  const search = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)
  return ((await search.json()) as { messages: unknown[] }).messages.length
}

function verifyLink(html: string): URL {
  const href = /href="([^"]*\/verify\?[^"]*)"/.exec(html)?.[1]
  if (!href) throw new Error(`no verify link in:\n${html}`)
  return new URL(href.replaceAll('&amp;', '&'))
}

describe.skipIf(!apiUrl)('add-learners', () => {
  let owner: TestUser, existing: TestUser, outsider: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course, otherCourse: Course
  const invitedIds: string[] = []
  const newcomer = `add-newcomer-${crypto.randomUUID()}@example.com`

  beforeAll(async () => {
    ;[owner, existing, outsider] = (await Promise.all(
      ['add-owner', 'add-existing', 'add-outsider'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    const named = await admin().from('profiles').update({ display_name: 'Olga <Owner>' }).eq('id', owner.id)
    if (named.error) throw named.error
    course = await school.course({ status: 'published', enrollment_mode: 'invite' })
    otherCourse = await school.course({ status: 'published', enrollment_mode: 'open' })
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, existing, outsider])
    for (const id of invitedIds) await admin().auth.admin.deleteUser(id)
  })

  it('refuses a caller without a session with not_signed_in', async () => {
    const answer = await invoke(client(), { course_id: course.id, emails: [existing.email] })
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'not_signed_in' } } })
  })

  it('refuses someone who does not teach the course with forbidden, and invites nobody', async () => {
    const answer = await invoke(outsider.db, { course_id: course.id, emails: [existing.email] })
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await enrollmentOf(course.id, existing.id)).toBeNull()
    expect(await invitationTo(course.id, existing.email)).toBeNull()
  })

  it('answers bad bodies with validation_failed and a fields map', async () => {
    expect(await invoke(owner.db, { course_id: course.id, emails: [] })).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { emails: 'Add at least one email address.' } } },
    })
    expect(await invoke(owner.db, { course_id: 'nope', emails: ['a@example.com'] })).toMatchObject({
      status: 422,
      body: { error: { fields: { course_id: 'The course id must be a UUID.' } } },
    })
  })

  it('refuses a cohort of another course on cohort_id', async () => {
    const cohort = await owner.db
      .from('cohorts')
      .insert({ course_id: otherCourse.id, name: 'Elsewhere', starts_at: new Date().toISOString() })
      .select('id')
      .single()
    if (cohort.error) throw cohort.error
    const answer = await invoke(owner.db, { course_id: course.id, emails: [existing.email], cohort_id: cohort.data.id })
    expect(answer).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { cohort_id: 'Choose a cohort of this course.' } } },
    })
  })

  it('invites a registered and an unknown address alike, enrolling nobody, and names malformed ones', async () => {
    const answer = await invoke(
      owner.db,
      { course_id: course.id, emails: [existing.email.toUpperCase(), 'not-an-email', newcomer] },
      { Origin: appOrigin },
    )
    expect(answer).toEqual({
      status: 200,
      body: {
        results: [
          { email: existing.email, result: 'invited' },
          { email: 'not-an-email', result: 'invalid' },
          { email: newcomer, result: 'invited' },
        ],
      },
    })
    expect(await enrollmentOf(course.id, existing.id), 'the registered learner is not enrolled').toBeNull()
    const { data: listed, error } = await admin().auth.admin.listUsers({ perPage: 1000 })
    if (error) throw error
    const invitedUser = listed.users.find((u) => u.email === newcomer)
    expect(invitedUser?.invited_at, 'Auth recorded the invitation').toBeTruthy()
    invitedIds.push(invitedUser!.id)
    expect(await enrollmentOf(course.id, invitedUser!.id), 'the invited newcomer is not enrolled').toBeNull()
    expect(await invitationTo(course.id, existing.email)).not.toBeNull()
    expect(await invitationTo(course.id, newcomer)).not.toBeNull()
  })

  it('shows both in the roster as invited, with their emails and no names', async () => {
    const { data, error } = await owner.db.rpc('course_learners', { course_id: course.id, status: 'invited' })
    if (error) throw error
    expect(
      (data as RosterRow[]).map((row) => [row.email, row.enrollment_status, row.display_name, row.user_id]).sort(),
    ).toEqual(
      [
        [existing.email, 'invited', null, null],
        [newcomer, 'invited', null, null],
      ].sort(),
    )
  })

  it('emails each the owner, school and course with a link to its invitation in the app', async () => {
    const existingInvitation = await invitationTo(course.id, existing.email)
    const toExisting = await emailTo(existing.email)
    const accept = `${appOrigin}/invitations/${existingInvitation!.id}`
    expect(toExisting.subject).toBe('Olga <Owner> at Function Test School invited you to Test course')
    expect(toExisting.from).toEqual({ Name: 'Summit', Address: 'no-reply@summit.example' })
    expect(toExisting.html).toContain('Olga &lt;Owner&gt; at Function Test School invited you to learn in Test course')
    expect(toExisting.html).not.toContain('<Owner>')
    expect([...toExisting.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([accept, accept])
    expect(toExisting.text).toContain(`Accept the invitation: ${accept}`)
    expect(toExisting.text).toContain(`You get this email because Olga <Owner> added ${existing.email}`)

    const toNewcomer = verifyLink((await emailTo(newcomer)).html)
    const newcomerInvitation = await invitationTo(course.id, newcomer)
    expect(toNewcomer.searchParams.get('type')).toBe('invite')
    expect(toNewcomer.searchParams.get('redirect_to')).toBe(
      `${appOrigin}/auth/callback?redirect=${encodeURIComponent(`/invitations/${newcomerInvitation!.id}`)}`,
    )
    const invited = (await admin().auth.admin.getUserById(invitedIds[0]!)).data.user
    expect(invited?.user_metadata).toMatchObject({
      course_title: 'Test course',
      school_name: 'Function Test School',
      inviter_name: 'Olga <Owner>',
    })

    // Following the newcomer's link signs them in; their invitation is there to accept, and accepting enrolls them.
    const followed = await fetch(toNewcomer, { redirect: 'manual' })
    const fragment = new URLSearchParams(new URL(followed.headers.get('location') ?? '').hash.slice(1))
    const invitee = client()
    const session = await invitee.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    })
    if (session.error) throw session.error
    const { data: mine } = await invitee.rpc('my_course_invitations')
    expect((mine as { id: string; course_id: string }[] | null)?.map((row) => [row.id, row.course_id])).toEqual([
      [newcomerInvitation!.id, course.id],
    ])
    const accepted = await invitee.rpc('accept_course_invitation', { invitation_id: newcomerInvitation!.id })
    expect(accepted.error).toBeNull()
    expect(await enrollmentOf(course.id, session.data.user!.id)).toEqual({
      source: 'manual',
      status: 'active',
      cohort_id: null,
    })
  })

  it('enrolls the registered learner only when they accept, and then the roster shows their name', async () => {
    const invitation = await invitationTo(course.id, existing.email)
    const other = await outsider.db.rpc('accept_course_invitation', { invitation_id: invitation!.id })
    expect(other.error?.code).toBe('invite_invalid')
    const accepted = await existing.db.rpc('accept_course_invitation', { invitation_id: invitation!.id })
    expect(accepted.error).toBeNull()
    expect(await enrollmentOf(course.id, existing.id)).toEqual({ source: 'manual', status: 'active', cohort_id: null })
    const { data, error } = await owner.db.rpc('course_learners', { course_id: course.id, search: existing.email })
    if (error) throw error
    expect((data as RosterRow[]).map((row) => [row.enrollment_status, row.display_name === null])).toEqual([
      ['active', false],
    ])
  })

  it('answers already_enrolled the second time, without a second enrollment, invitation or email', async () => {
    const before = await emailCount(existing.email)
    const answer = await invoke(owner.db, { course_id: course.id, emails: [existing.email] })
    expect(answer).toEqual({ status: 200, body: { results: [{ email: existing.email, result: 'already_enrolled' }] } })
    const { count } = await admin()
      .from('enrollments')
      .select('*', { count: 'exact', head: true })
      .eq('course_id', course.id)
      .eq('user_id', existing.id)
    expect(count).toBe(1)
    expect(await invitationTo(course.id, existing.email)).toBeNull()
    expect(await emailCount(existing.email)).toBe(before)
  })
})
