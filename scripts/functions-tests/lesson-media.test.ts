// Integration: the lesson-media function on the running stack, with the demo course's media (seed.sql, seed-media).
// It signs a lesson's video and captions for whoever may play the lesson, answering URLs relative to the project
// that open the real files: visitors get preview lessons only, a learner of the course every lesson, anyone else
// `lesson_locked` 403 (unknown lessons alike); a lesson without media answers nulls; a bad body is a 422.
import { createHmac } from 'node:crypto'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl, publishableKey } from './env.ts'
import { client, createUser, deleteUsers, type TestUser } from './fixtures.ts'

type Db = ReturnType<typeof client>

// Web Accessibility Basics (seed.sql): a preview video, a preview text lesson, a video for enrolled learners.
const previewVideo = 'e0000000-0000-4000-8000-000000001001'
const previewText = 'e0000000-0000-4000-8000-000000001002'
const enrolledVideo = 'e0000000-0000-4000-8000-000000001003'
const courseId = 'c0000000-0000-4000-8000-000000000001'

async function invoke(db: Db, body: unknown) {
  const { data, error, response } = await db.functions.invoke('lesson-media', { body: body as Record<string, unknown> })
  if (error && !(error instanceof FunctionsHttpError)) throw error
  return { status: response?.status, body: error ? await (error.context as Response).json() : data }
}

// The JWT secret both local stacks print (`supabase start` and the local stack): tokens it signs pass the signature
// check, so what is tested is how their claims are taken.
const jwtSecret = process.env.SUMMIT_TEST_JWT_SECRET || 'super-secret-jwt-token-with-at-least-32-characters-long'

function signedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${unsigned}.${createHmac('sha256', jwtSecret).update(unsigned).digest('base64url')}`
}

async function invokeWithToken(token: string) {
  const response = await fetch(`${apiUrl}/functions/v1/lesson-media`, {
    method: 'POST',
    headers: { apikey: publishableKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ lesson_id: previewVideo }),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

async function open(relative: string) {
  expect(relative).toMatch(/^\/storage\/v1\/object\/sign\/course-media\//)
  const response = await fetch(new URL(relative, apiUrl))
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    size: (await response.arrayBuffer()).byteLength,
  }
}

describe.skipIf(!apiUrl)('lesson-media function', () => {
  let stranger: TestUser
  const marco = client()

  beforeAll(async () => {
    stranger = await createUser('media-stranger')
    // Marco finished the course (seed.sql): a learner of it.
    const { error } = await marco.auth.signInWithPassword({ email: 'marco@example.com', password: 'summit-demo' })
    if (error) throw error
  }, 60_000)

  afterAll(async () => {
    await deleteUsers([stranger])
  })

  it('signs a preview video for a visitor, with URLs that open the video and its captions', async () => {
    const answer = await invoke(client(), { lesson_id: previewVideo })
    expect(answer).toMatchObject({
      status: 200,
      body: {
        video_path: `${courseId}/${previewVideo}/video.webm`,
        captions_path: `${courseId}/${previewVideo}/captions.vtt`,
        expires_in: 300,
      },
    })
    const video = await open(answer.body.video_url)
    expect(video).toMatchObject({ status: 200, type: 'video/webm' })
    expect(video.size).toBeGreaterThan(1000)
    expect(await open(answer.body.captions_url)).toMatchObject({ status: 200 })
  })

  it('answers nulls for a lesson without media', async () => {
    expect(await invoke(client(), { lesson_id: previewText })).toMatchObject({
      status: 200,
      body: { video_path: null, captions_path: null, video_url: null, captions_url: null },
    })
  })

  it('signs a lesson of the course for its learner, and refuses it to a visitor and to anyone not enrolled', async () => {
    const learner = await invoke(marco, { lesson_id: enrolledVideo })
    expect(learner.status).toBe(200)
    expect(await open(learner.body.video_url)).toMatchObject({ status: 200, type: 'video/webm' })

    const refused = {
      status: 403,
      body: { error: { code: 'lesson_locked', message: 'This lesson is not open to you.' } },
    }
    expect(await invoke(client(), { lesson_id: enrolledVideo })).toEqual(refused)
    expect(await invoke(stranger.db, { lesson_id: enrolledVideo })).toEqual(refused)
    // An id no lesson has looks the same: the answer does not tell which ids exist.
    expect(await invoke(stranger.db, { lesson_id: 'e0000000-0000-4000-8000-00000000dead' })).toEqual(refused)
  })

  it('answers a signed token whose sub is not a user id with 422, and one whose role is not an API role with 401', async () => {
    const exp = Math.floor(Date.now() / 1000) + 600
    expect(await invokeWithToken(signedToken({ sub: 'not-a-uuid', role: 'authenticated', exp }))).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { authorization: 'The token does not name a user.' } } },
    })
    for (const role of ['postgres', 'no_such_role', 7]) {
      const sub = '7f1c6d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f'
      expect(await invokeWithToken(signedToken({ sub, role, exp })), String(role)).toMatchObject({
        status: 401,
        body: { error: { code: 'not_signed_in' } },
      })
    }
  })

  it('refuses a malformed body field by field', async () => {
    expect(await invoke(client(), { lesson_id: 'lesson-1' })).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { lesson_id: 'The lesson id must be a UUID.' } } },
    })
  })
})
