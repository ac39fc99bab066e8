// Integration: access codes end to end on the running stack — an instructor creates a code through the
// create_access_code RPC (shown once), learners enroll with `{ slug | course_id, code }` through the enroll function,
// unknown and expired codes get one answer, and the 11th attempt within the hour is rate_limited, counted in the
// database whichever function instance answers.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl, publishableKey } from './env.ts'
import { admin, type Client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = Client

async function invoke(db: Db, body: Record<string, unknown>) {
  const { data, error, response } = await db.functions.invoke('enroll', { body })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

async function createCode(instructor: TestUser, course: Course, options: Record<string, unknown> = {}) {
  const { data, error } = await instructor.db.rpc('create_access_code', { course_id: course.id, ...options })
  if (error) throw error
  return data as { id: string; code: string }
}

const codeInvalid = { status: 400, body: { error: { code: 'code_invalid', message: expect.any(String) } } }

describe.skipIf(!apiUrl)('enroll with an access code', () => {
  let owner: TestUser, learner: TestUser, guesser: TestUser, removed: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let coded: Course
  let code: string

  beforeAll(async () => {
    ;[owner, learner, guesser, removed] = (await Promise.all(
      ['code-owner', 'code-learner', 'code-guesser', 'code-removed'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    coded = await school.course({ status: 'published', enrollment_mode: 'code' })
    code = (await createCode(owner, coded)).code
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner, guesser, removed])
  })

  it('creates 8-character codes without 0, O, 1, I or L', () => {
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/)
  })

  it('enrolls with the right code (201, source code), typed loosely, then returns the same enrollment', async () => {
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`
    const first = await invoke(learner.db, { slug: coded.slug, code: typed })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      enrollment: { course_id: coded.id, source: 'code', status: 'active' },
      created: true,
    })
    const again = await invoke(learner.db, { course_id: coded.id, code })
    expect(again).toEqual({ status: 200, body: { ...first.body, created: false } })
  })

  it('answers code_invalid 400 alike for an unknown and an expired code', async () => {
    const expiring = await createCode(owner, coded)
    const aged = await admin()
      .from('access_codes')
      .update({
        created_at: new Date(Date.now() - 86_400_000).toISOString(),
        expires_at: new Date(Date.now() - 1000).toISOString(),
      })
      .eq('id', expiring.id)
    expect(aged.error).toBeNull()
    const unknown = await invoke(removed.db, { slug: coded.slug, code: 'ZZZZZZZZ' })
    const expired = await invoke(removed.db, { slug: coded.slug, code: expiring.code })
    expect(unknown).toEqual(codeInvalid)
    expect(expired).toEqual(unknown)
  })

  it('answers code_invalid for a used-up code', async () => {
    const single = await createCode(owner, coded, { max_uses: 1 })
    expect((await invoke(owner.db, { slug: coded.slug, code: single.code })).status).toBe(201)
    expect(await invoke(removed.db, { slug: coded.slug, code: single.code })).toEqual(codeInvalid)
  })

  it('keeps a removed learner out, code or not', async () => {
    const set = await admin()
      .from('enrollments')
      .insert({ course_id: coded.id, user_id: removed.id, status: 'removed' })
    expect(set.error).toBeNull()
    const answer = await invoke(removed.db, { slug: coded.slug, code })
    expect(answer.status).toBe(403)
    expect(answer.body.error.code).toBe('forbidden')
  })

  it('answers rate_limited 429 with Retry-After to the 11th attempt within the hour, even with the right code', async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answer = await invoke(guesser.db, { slug: coded.slug, code: `WRNG${1000 + attempt}` })
      expect(answer, `attempt ${attempt}`).toEqual(codeInvalid)
    }
    const response = await fetch(`${apiUrl}/functions/v1/enroll`, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${guesser.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ slug: coded.slug, code }),
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3500)
    expect(await response.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } })
    const { data } = await admin().from('enrollments').select('id').eq('course_id', coded.id).eq('user_id', guesser.id)
    expect(data).toEqual([])
  })

  it('refuses a code for a course the learner cannot see as course_not_found', async () => {
    const draft = await school.course({ status: 'draft', enrollment_mode: 'code' })
    const answer = await invoke(learner.db, { slug: draft.slug, code })
    expect(answer.status).toBe(404)
    expect(answer.body.error.code).toBe('course_not_found')
  })

  it('lets only the school create codes, and nobody call the redeem RPC directly', async () => {
    const refused = await learner.db.rpc('create_access_code', { course_id: coded.id })
    expect(refused.error).toMatchObject({ code: 'forbidden' })
    const direct = await learner.db.rpc('redeem_access_code', { user_id: learner.id, course_id: coded.id, code })
    expect(direct.error?.code).toBe('42501')
  })
})
