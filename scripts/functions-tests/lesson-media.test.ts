// Integration: the lesson-media function on the running stack, with the demo course's media (seed.sql, seed-media).
// It signs a lesson's video and captions for whoever may play the lesson, answering URLs relative to the project
// that open the real files: visitors get preview lessons only, a learner of the course every lesson, anyone else
// `lesson_locked` 403 (unknown lessons alike); a lesson without media answers nulls; a bad body is a 422.
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiUrl } from './env.ts'
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

  it('refuses a malformed body field by field', async () => {
    expect(await invoke(client(), { lesson_id: 'lesson-1' })).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { lesson_id: 'The lesson id must be a UUID.' } } },
    })
  })
})
