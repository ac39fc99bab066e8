// Integration: the `enroll` edge function on the running stack (SUMMIT_TEST_API_URL), through supabase-js
// `functions.invoke` as the web app calls it and through raw HTTP for status codes, headers and bad input.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl, publishableKey } from './env.ts'
import { admin, client, type Course, createSchool, createUser, deleteUsers, type TestUser } from './fixtures.ts'

const url = `${apiUrl}/functions/v1/enroll`

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> }
}

/** The error of an answer, after checking it has the product's envelope (a failure shows the body it got). */
async function errorOf(response: Response) {
  const body: unknown = await response.json()
  expect(body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })
  return (body as ErrorBody).error
}

/** Status and body of an invoke, whether it succeeded or answered an error. */
async function invoke(db: ReturnType<typeof client>, body: unknown) {
  const { data, error, response } = await db.functions.invoke('enroll', { body: body as Record<string, unknown> })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

function post(body: string, accessToken?: string, method = 'POST') {
  const headers: Record<string, string> = { apikey: publishableKey, 'Content-Type': 'application/json' }
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`
  return fetch(url, { method, headers, body: method === 'GET' ? undefined : body })
}

async function enrollmentRows(courseId: string, userId: string) {
  const { data, error } = await admin()
    .from('enrollments')
    .select('id, status, source')
    .eq('course_id', courseId)
    .eq('user_id', userId)
  if (error) throw error
  return data
}

describe.skipIf(!apiUrl)('enroll edge function', () => {
  let owner: TestUser, learner: TestUser, racer: TestUser, removed: TestUser
  let school: Awaited<ReturnType<typeof createSchool>>
  let open: Course, draft: Course, invite: Course, code: Course

  beforeAll(async () => {
    ;[owner, learner, racer, removed] = (await Promise.all(
      ['fn-owner', 'fn-learner', 'fn-racer', 'fn-removed'].map((label) => createUser(label)),
    )) as [TestUser, TestUser, TestUser, TestUser]
    school = await createSchool(owner)
    open = await school.course({ status: 'published', enrollment_mode: 'open' })
    draft = await school.course({ status: 'draft', enrollment_mode: 'open' })
    invite = await school.course({ status: 'published', enrollment_mode: 'invite' })
    code = await school.course({ status: 'published', enrollment_mode: 'code' })
  })

  afterAll(async () => {
    await school?.remove()
    await deleteUsers([owner, learner, racer, removed])
  })

  describe('allowed', () => {
    it('enrolls in an open published course: 201 created, then 200 with the same enrollment', async () => {
      const first = await invoke(learner.db, { slug: open.slug })
      expect(first.status).toBe(201)
      expect(first.body).toEqual({
        enrollment: {
          id: expect.any(String),
          course_id: open.id,
          status: 'active',
          source: 'open',
          enrolled_at: expect.any(String),
        },
        created: true,
      })
      const again = await invoke(learner.db, { course_id: open.id })
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ ...first.body, created: false })
      expect(await enrollmentRows(open.id, learner.id)).toHaveLength(1)
    })

    it('creates one enrollment when the same learner enrolls five times at once', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, () => invoke(racer.db, { slug: open.slug })))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201])
      expect(new Set(answers.map((a) => a.body.enrollment.id)).size).toBe(1)
      expect(await enrollmentRows(open.id, racer.id)).toHaveLength(1)
    })

    it('returns the existing enrollment after the course is archived, and hides it from newcomers', async () => {
      const archived = await school.course({ status: 'published', enrollment_mode: 'open' })
      const first = await invoke(learner.db, { course_id: archived.id })
      expect(first.status).toBe(201)
      const updated = await admin().from('courses').update({ status: 'archived' }).eq('id', archived.id)
      expect(updated.error).toBeNull()
      const again = await invoke(learner.db, { course_id: archived.id })
      expect(again).toEqual({ status: 200, body: { ...first.body, created: false } })
      const newcomer = await invoke(racer.db, { course_id: archived.id })
      expect(newcomer.status).toBe(404)
      expect(newcomer.body.error.code).toBe('course_not_found')
    })

    it('answers the CORS preflight the browser sends before invoke', async () => {
      const response = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
        },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      expect(response.headers.get('access-control-allow-headers')).toContain('authorization')
    })

    it('answers a bare OPTIONS itself with the headers supabase-js sends', async () => {
      const response = await fetch(url, { method: 'OPTIONS' })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-headers')).toContain('x-client-info')
      await response.body?.cancel()
    })

    it('sends CORS headers with answers, errors included, so the browser can read them', async () => {
      const response = await post(JSON.stringify({ slug: open.slug }))
      expect(response.status).toBe(401)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('content-type')).toBe('application/json')
      await response.body?.cancel()
    })
  })

  describe('denied', () => {
    it('answers 401 not_signed_in without a session, through invoke and raw HTTP', async () => {
      const viaInvoke = await invoke(client(), { slug: open.slug })
      expect(viaInvoke.status).toBe(401)
      expect(viaInvoke.body.error.code).toBe('not_signed_in')
      const raw = await post(JSON.stringify({ slug: open.slug }))
      expect(await raw.json()).toEqual({ error: { code: 'not_signed_in', message: expect.any(String) } })
    })

    it('answers 401 not_signed_in to a forged token and to a malformed Authorization header', async () => {
      const forged = await post(JSON.stringify({ slug: open.slug }), `${learner.accessToken.slice(0, -4)}AAAA`)
      expect(forged.status).toBe(401)
      expect((await errorOf(forged)).code).toBe('not_signed_in')
      const malformed = await fetch(url, { method: 'POST', headers: { Authorization: 'Basic abc' }, body: '{}' })
      expect(malformed.status).toBe(401)
      expect((await errorOf(malformed)).code).toBe('not_signed_in')
    })

    it('answers 404 course_not_found for a draft the learner cannot see and for an unknown course', async () => {
      for (const body of [{ slug: draft.slug }, { course_id: draft.id }, { slug: 'no-such-course-here' }]) {
        const answer = await invoke(learner.db, body)
        expect(answer.status, JSON.stringify(body)).toBe(404)
        expect(answer.body.error.code).toBe('course_not_found')
      }
      expect(await enrollmentRows(draft.id, learner.id)).toEqual([])
    })

    it('answers 403 enrollment_closed to a school member enrolling in their draft', async () => {
      const answer = await invoke(owner.db, { slug: draft.slug })
      expect(answer.status).toBe(403)
      expect(answer.body.error.code).toBe('enrollment_closed')
    })

    it('answers 403 enrollment_closed for invite-only and access-code courses', async () => {
      for (const course of [invite, code]) {
        const answer = await invoke(learner.db, { slug: course.slug })
        expect(answer.status).toBe(403)
        expect(answer.body.error).toEqual({ code: 'enrollment_closed', message: expect.any(String) })
        expect(await enrollmentRows(course.id, learner.id)).toEqual([])
      }
    })

    it('answers 403 forbidden with a sentence to a learner removed from the course, and keeps them removed', async () => {
      const inserted = await admin()
        .from('enrollments')
        .insert({ course_id: open.id, user_id: removed.id, status: 'removed' })
      expect(inserted.error).toBeNull()
      const answer = await invoke(removed.db, { slug: open.slug })
      expect(answer.status).toBe(403)
      expect(answer.body.error.code).toBe('forbidden')
      expect(answer.body.error.message).toMatch(/removed/)
      expect(await enrollmentRows(open.id, removed.id)).toEqual([expect.objectContaining({ status: 'removed' })])
    })

    it('answers 422 validation_failed with fields for bad bodies', async () => {
      const cases: [unknown, Record<string, string>][] = [
        [{}, { body: expect.any(String) }],
        [{ slug: open.slug, course_id: open.id }, { body: expect.any(String) }],
        [{ course_id: 'not-a-uuid' }, { course_id: expect.any(String) }],
        [{ slug: 7 }, { slug: expect.any(String) }],
        [{ slug: open.slug, invite_token: 'x' }, { invite_token: expect.any(String) }],
        [[open.slug], { body: expect.any(String) }],
      ]
      for (const [body, fields] of cases) {
        const answer = await invoke(learner.db, body)
        expect(answer.status, JSON.stringify(body)).toBe(422)
        expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.any(String), fields })
      }
    })

    it('answers 422 validation_failed on body for malformed and empty JSON', async () => {
      for (const text of ['{"slug":', '']) {
        const response = await post(text, learner.accessToken)
        expect(response.status, JSON.stringify(text)).toBe(422)
        const error = await errorOf(response)
        expect(error.code).toBe('validation_failed')
        expect(Object.keys(error.fields ?? {})).toEqual(['body'])
      }
    })

    it('answers 405 method_not_allowed with an Allow header to GET', async () => {
      const response = await post('', learner.accessToken, 'GET')
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      expect((await errorOf(response)).code).toBe('method_not_allowed')
    })
  })
})
