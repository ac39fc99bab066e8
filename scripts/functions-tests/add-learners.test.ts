// Integration: the add-learners function on the running stack — an owner adds learners by email: accounts are
// enrolled at once (source manual), unknown addresses get Auth's invitation and are enrolled for the invited user,
// malformed ones are answered invalid; visitors, learners and members of other schools are refused; bad bodies
// are answered field by field.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
import { admin, client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>

async function invoke(db: Db, body: unknown) {
  const { data, error, response } = await db.functions.invoke('add-learners', { body: body as Record<string, unknown> })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
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

describe.skipIf(!apiUrl)('add-learners', () => {
  let owner: TestUser, existing: TestUser, outsider: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let course: Course, otherCourse: Course
  const invitedIds: string[] = []

  beforeAll(async () => {
    ;[owner, existing, outsider] = (await Promise.all(
      ['add-owner', 'add-existing', 'add-outsider'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser]
    school = await createSchool(owner)
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

  it('refuses someone who does not teach the course with forbidden, and enrolls nobody', async () => {
    const answer = await invoke(outsider.db, { course_id: course.id, emails: [existing.email] })
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await enrollmentOf(course.id, existing.id)).toBeNull()
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

  it('enrolls accounts at once, invites unknown addresses and enrolls them, and names malformed ones', async () => {
    const newcomer = `add-newcomer-${crypto.randomUUID()}@example.com`
    const answer = await invoke(owner.db, {
      course_id: course.id,
      emails: [existing.email.toUpperCase(), 'not-an-email', newcomer],
    })
    expect(answer).toEqual({
      status: 200,
      body: {
        results: [
          { email: existing.email, result: 'enrolled' },
          { email: 'not-an-email', result: 'invalid' },
          { email: newcomer, result: 'invited' },
        ],
      },
    })
    expect(await enrollmentOf(course.id, existing.id)).toEqual({ source: 'manual', status: 'active', cohort_id: null })

    const { data: listed, error } = await admin().auth.admin.listUsers({ perPage: 1000 })
    if (error) throw error
    const invitedUser = listed.users.find((u) => u.email === newcomer)
    expect(invitedUser?.invited_at, 'Auth recorded the invitation').toBeTruthy()
    invitedIds.push(invitedUser!.id)
    expect(await enrollmentOf(course.id, invitedUser!.id)).toMatchObject({ source: 'manual', status: 'active' })
  })

  it('answers already_enrolled the second time, without a second enrollment', async () => {
    const answer = await invoke(owner.db, { course_id: course.id, emails: [existing.email] })
    expect(answer).toEqual({ status: 200, body: { results: [{ email: existing.email, result: 'already_enrolled' }] } })
    const { count } = await admin()
      .from('enrollments')
      .select('*', { count: 'exact', head: true })
      .eq('course_id', course.id)
      .eq('user_id', existing.id)
    expect(count).toBe(1)
  })
})
