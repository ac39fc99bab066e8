// Integration: invite links end to end on the running stack — an instructor creates them through the
// create_course_invite RPC (the token shown once), learners accept them through the enroll function, and every
// refusal of PRODUCT.md §8 answers its status; two learners racing for a one-use link get one enrollment.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>

/** Status and body of an invoke, whether it succeeded or answered an error. */
async function invoke(db: Db, body: Record<string, unknown>) {
  const { data, error, response } = await db.functions.invoke('enroll', { body })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

/** A new invite link of `course`, made by `instructor` through the RPC the studio calls. */
async function createInvite(instructor: TestUser, course: Course, options: Record<string, unknown> = {}) {
  const { data, error } = await instructor.db.rpc('create_course_invite', { course_id: course.id, ...options })
  if (error) throw error
  return data as { id: string; token: string; max_uses: number; cohort_id: string | null }
}

async function enrollments(courseId: string) {
  const { data, error } = await admin()
    .from('enrollments')
    .select('user_id, source, cohort_id')
    .eq('course_id', courseId)
  if (error) throw error
  return data
}

async function usesOf(inviteId: string) {
  const { data, error } = await admin().from('course_invites').select('uses').eq('id', inviteId).single()
  if (error) throw error
  return data.uses as number
}

describe.skipIf(!apiUrl)('enroll with an invite link', () => {
  let owner: TestUser, learner: TestUser, racerA: TestUser, racerB: TestUser
  let stranger: TestUser, newcomer: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let invited: Course, draft: Course

  beforeAll(async () => {
    ;[owner, learner, racerA, racerB, stranger, newcomer] = (await Promise.all(
      ['inv-owner', 'inv-learner', 'inv-racer-a', 'inv-racer-b', 'inv-stranger', 'inv-newcomer'].map((label) =>
        createUser(label),
      ),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    invited = await school.course({ status: 'published', enrollment_mode: 'invite' })
    draft = await school.course({ status: 'draft', enrollment_mode: 'invite' })
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner, racerA, racerB, stranger, newcomer])
  })

  it('enrolls through a new link (201, source invite), then returns the same enrollment without spending a use', async () => {
    const invite = await createInvite(owner, invited, { max_uses: 3 })
    expect(invite.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const first = await invoke(learner.db, { invite_token: invite.token })
    expect(first).toEqual({
      status: 201,
      body: {
        enrollment: {
          id: expect.any(String),
          course_id: invited.id,
          status: 'active',
          source: 'invite',
          enrolled_at: expect.any(String),
        },
        created: true,
      },
    })
    const again = await invoke(learner.db, { invite_token: invite.token })
    expect(again).toEqual({ status: 200, body: { ...first.body, created: false } })
    expect(await usesOf(invite.id)).toBe(1)
  })

  it('gives exactly one enrollment when two learners accept a one-use link at the same moment', async () => {
    const invite = await createInvite(owner, invited)
    const answers = await Promise.all([racerA, racerB].map((racer) => invoke(racer.db, { invite_token: invite.token })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe('invite_used_up')
    const racers = (await enrollments(invited.id)).filter((e) => [racerA.id, racerB.id].includes(e.user_id))
    expect(racers).toHaveLength(1)
    expect(await usesOf(invite.id)).toBe(1)
  })

  it('spends one use when the same learner accepts five times at once', async () => {
    const course = await school.course({ status: 'published', enrollment_mode: 'invite' })
    const invite = await createInvite(owner, course, { max_uses: 5 })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => invoke(learner.db, { invite_token: invite.token })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201])
    expect(await enrollments(course.id)).toHaveLength(1)
    expect(await usesOf(invite.id)).toBe(1)
  })

  it("puts the learner in the invite's cohort", async () => {
    const course = await school.course({ status: 'published', enrollment_mode: 'invite' })
    const cohort = await owner.db
      .from('cohorts')
      .insert({ course_id: course.id, name: 'March', starts_at: new Date().toISOString() })
      .select('id')
      .single()
    expect(cohort.error).toBeNull()
    const invite = await createInvite(owner, course, { cohort_id: cohort.data!.id })
    expect((await invoke(stranger.db, { invite_token: invite.token })).status).toBe(201)
    expect(await enrollments(course.id)).toEqual([
      { user_id: stranger.id, source: 'invite', cohort_id: cohort.data!.id },
    ])
  })

  it('admits only the allowed email domains (the test users are at example.com)', async () => {
    const elsewhere = await createInvite(owner, invited, { allowed_email_domains: ['example.org'] })
    const refused = await invoke(stranger.db, { invite_token: elsewhere.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      error: { code: 'email_domain_not_allowed', message: expect.stringMatching(/example\.org/) },
    })
    const ours = await createInvite(owner, invited, { allowed_email_domains: ['Example.com'] })
    expect((await invoke(stranger.db, { invite_token: ours.token })).status).toBe(201)
  })

  it('answers invite_invalid 404 for an unknown, a malformed and a revoked token', async () => {
    const revoked = await createInvite(owner, invited)
    const { error } = await owner.db.rpc('revoke_course_invite', { invite_id: revoked.id })
    expect(error).toBeNull()
    for (const token of ['A'.repeat(43), 'not-a-token', revoked.token]) {
      const answer = await invoke(newcomer.db, { invite_token: token })
      expect(answer, token).toEqual({
        status: 404,
        body: { error: { code: 'invite_invalid', message: expect.any(String) } },
      })
    }
  })

  it('answers invite_expired 410 for an expired link', async () => {
    const invite = await createInvite(owner, invited)
    const past = new Date(Date.now() - 60_000).toISOString()
    const aged = await admin()
      .from('course_invites')
      .update({ created_at: new Date(Date.now() - 86_400_000).toISOString(), expires_at: past })
      .eq('id', invite.id)
    expect(aged.error).toBeNull()
    const answer = await invoke(newcomer.db, { invite_token: invite.token })
    expect(answer).toEqual({ status: 410, body: { error: { code: 'invite_expired', message: expect.any(String) } } })
  })

  it('answers invite_used_up 409 once the uses are spent', async () => {
    const invite = await createInvite(owner, invited)
    expect((await invoke(owner.db, { invite_token: invite.token })).status).toBe(201)
    const answer = await invoke(newcomer.db, { invite_token: invite.token })
    expect(answer).toEqual({ status: 409, body: { error: { code: 'invite_used_up', message: expect.any(String) } } })
  })

  it('answers enrollment_closed 403 for a link to a course that is not published', async () => {
    const invite = await createInvite(owner, draft)
    const answer = await invoke(newcomer.db, { invite_token: invite.token })
    expect(answer).toEqual({ status: 403, body: { error: { code: 'enrollment_closed', message: expect.any(String) } } })
  })

  it('shows a visitor where a link leads, and refuses learners creating links', async () => {
    const invite = await createInvite(owner, invited)
    const preview = await client().rpc('course_invite_preview', { invite_token: invite.token })
    expect(preview.error).toBeNull()
    expect(preview.data).toMatchObject({ course: { id: invited.id, slug: invited.slug }, state: 'valid' })
    const refused = await learner.db.rpc('create_course_invite', { course_id: invited.id })
    expect(refused.error).toMatchObject({ code: 'forbidden' })
    const direct = await learner.db.rpc('redeem_course_invite', { user_id: learner.id, invite_token: invite.token })
    expect(direct.error?.code).toBe('42501')
  })
})
