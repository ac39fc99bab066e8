// The early requests of index.html's boot script: which pages ask what, with which token, and how the app's calls
// take an answer once (the same question, the same token, in time), and how an RPC's answer reads.
import { afterEach, describe, expect, it } from 'vitest'
import type { SupabaseClient } from './supabase'
import {
  EARLY_ANSWER_TTL_MS,
  REFRESH_MARGIN_MS,
  earlyKey,
  earlyRequests,
  earlyRpc,
  noteWriteForEarlyAnswers,
  storedAccessToken,
  takeEarlyAnswer,
  videoToWarm,
} from './early-requests'
import { leaveEarlyAnswers } from '@/testing/early-answers'

const lessonId = 'e0000000-0000-4000-8000-000000001001'
const noRedirect = { hash: '', search: '' }

afterEach(() => {
  delete window.__summitEarly
})

describe('earlyRequests', () => {
  it("asks the course page's outline, whose answer names the cover", () => {
    expect(earlyRequests('/courses/sql-basics', '')).toEqual([
      {
        key: earlyKey('course_outline', { slug: 'sql-basics' }),
        service: 'rest',
        path: 'rest/v1/rpc/course_outline',
        body: { slug: 'sql-basics' },
        hintsCover: true,
      },
    ])
  })

  it("asks the player's outline (the course page's question), the lesson's content and its media", () => {
    const requests = earlyRequests(`/learn/sql-basics/${lessonId}`, '?t=1')
    expect(requests.map((r) => [r.service, r.path, r.body])).toEqual([
      ['rest', 'rest/v1/rpc/course_outline', { slug: 'sql-basics' }],
      [
        'rest',
        `rest/v1/lesson_contents?select=body_md,video_path,captions_path,attachments&lesson_id=eq.${lessonId}`,
        undefined,
      ],
      ['functions', 'functions/v1/lesson-media', { lesson_id: lessonId }],
    ])
    expect(requests[0]!.key).toBe(earlyRequests('/courses/sql-basics', '')[0]!.key)
    expect(requests.some((r) => r.hintsCover)).toBe(false)
    // The media answer names the video whose first bytes the boot script fetches.
    expect(requests.map((r) => r.warmsVideo === true)).toEqual([false, false, true])
  })

  it('decodes the slug as the router does, and asks nothing for an address it cannot decode', () => {
    expect(earlyRequests('/courses/caf%C3%A9', '')[0]?.body).toEqual({ slug: 'café' })
    expect(earlyRequests('/courses/%E0%A4%A', '')).toEqual([])
  })

  it("asks nothing for a learner preview, a lesson id that is not a uuid (the course's notes) or another page", () => {
    expect(earlyRequests('/courses/sql-basics', '?preview=learner')).toEqual([])
    expect(earlyRequests(`/learn/sql-basics/${lessonId}`, '?preview=learner')).toEqual([])
    expect(earlyRequests('/learn/sql-basics/notes', '')).toEqual([])
    expect(earlyRequests(`/learn/sql-basics/${lessonId}/more`, '')).toEqual([])
    for (const path of ['/', '/courses', '/courses/', '/stats', '/courses/sql-basics/extra']) {
      expect(earlyRequests(path, '')).toEqual([])
    }
  })
})

describe('videoToWarm', () => {
  const signed = '/storage/v1/object/sign/course-media/c/l/video.webm?token=t'
  const media = { ok: true, body: { video_url: signed, captions_url: null } }

  it("is the video's signed URL from a lesson-media answer", () => {
    expect(videoToWarm(media, false)).toBe(signed)
  })

  it('is null for a refusal, no answer, a lesson without a video, or a browser asking to save data', () => {
    expect(videoToWarm({ ok: false, body: { code: 'lesson_locked' } }, false)).toBeNull()
    expect(videoToWarm(null, false)).toBeNull()
    expect(videoToWarm({ ok: true, body: { video_url: null } }, false)).toBeNull()
    expect(videoToWarm({ ok: true, body: null }, false)).toBeNull()
    expect(videoToWarm(media, true)).toBeNull()
  })
})

describe('storedAccessToken', () => {
  const now = 1_800_000_000_000
  const session = (expiresInMs: number) =>
    JSON.stringify({ access_token: 'jwt', refresh_token: 'r', expires_at: (now + expiresInMs) / 1000 })

  it('is null for a visitor and the token of a session auth-js would use as it is', () => {
    expect(storedAccessToken(null, now, noRedirect)).toBeNull()
    expect(storedAccessToken(session(REFRESH_MARGIN_MS + 1000), now, noRedirect)).toBe('jwt')
  })

  it('is unknown for a session auth-js would refresh first, one it cannot read, or an Auth redirect', () => {
    expect(storedAccessToken(session(REFRESH_MARGIN_MS - 1000), now, noRedirect)).toBeUndefined()
    expect(storedAccessToken(session(-60_000), now, noRedirect)).toBeUndefined()
    expect(storedAccessToken('{not json', now, noRedirect)).toBeUndefined()
    expect(storedAccessToken(JSON.stringify({ access_token: 'jwt' }), now, noRedirect)).toBeUndefined()
    expect(storedAccessToken(null, now, { hash: '#access_token=x&type=signup', search: '' })).toBeUndefined()
    expect(storedAccessToken(session(3_600_000), now, { hash: '', search: '?code=abc' })).toBeUndefined()
  })
})

describe('takeEarlyAnswer', () => {
  const key = earlyKey('course_outline', { slug: 's' })
  const answer = { ok: true, body: { course: {} } }
  /** Takes the answer to `key` for a client whose token is `token`, `at` ms after the boot script asked. */
  const take = (token: string | null, at = 100) =>
    takeEarlyAnswer(
      key,
      async () => token,
      () => at,
    )

  it('gives the answer once, for the same token', async () => {
    leaveEarlyAnswers('jwt', { [key]: answer })
    expect(await take('jwt')).toEqual(answer)
    expect(await take('jwt')).toBeNull()
  })

  it('drops an answer asked with another token (a refreshed session, a sign-in) or too long ago', async () => {
    leaveEarlyAnswers(null, { [key]: answer })
    expect(await take('jwt')).toBeNull()
    expect(window.__summitEarly?.answers[key]).toBeUndefined()
    leaveEarlyAnswers('jwt', { [key]: answer })
    expect(await take('jwt', EARLY_ANSWER_TTL_MS + 1)).toBeNull()
  })

  it('is null when nothing was asked, or not this', async () => {
    expect(await take(null)).toBeNull()
    leaveEarlyAnswers(null, { other: answer })
    expect(await take(null)).toBeNull()
  })

  it('drops an answer asked before a write of the page reached the server, even one still on its way', async () => {
    // Asked at 1,000 ms: a write noted before then leaves the answer as good as it was.
    leaveEarlyAnswers('jwt', { [key]: answer }, 1_000)
    noteWriteForEarlyAnswers(500)
    expect(await take('jwt', 1_100)).toEqual(answer)
    // The answer arrives after a write landed (noted at 1,050 ms): the call asks again.
    let arrive!: (value: typeof answer) => void
    window.__summitEarly!.answers[key] = new Promise((resolve) => (arrive = resolve))
    const taken = take('jwt', 1_100)
    noteWriteForEarlyAnswers(1_050)
    arrive(answer)
    expect(await taken).toBeNull()
  })
})

describe('earlyRpc', () => {
  const auth = { getSession: async () => ({ data: { session: null } }) } as unknown as SupabaseClient['auth']

  it("gives a success's body, throws PostgREST's error body as client.rpc's error would be thrown", async () => {
    const error = { code: 'course_not_found', message: 'course not found', details: null, hint: null }
    leaveEarlyAnswers(null, {
      [earlyKey('course_outline', { slug: 'gone' })]: { ok: false, body: error },
      [earlyKey('course_outline', { slug: 'here' })]: { ok: true, body: { course: {} } },
    })
    await expect(earlyRpc({ auth }, 'course_outline', { slug: 'gone' })).rejects.toEqual(error)
    await expect(earlyRpc({ auth }, 'course_outline', { slug: 'here' })).resolves.toEqual({ course: {} })
  })

  it('is null without an answer, or one without a JSON object to throw', async () => {
    leaveEarlyAnswers(null, { [earlyKey('course_outline', { slug: 'x' })]: { ok: false, body: 'text' } })
    await expect(earlyRpc({ auth }, 'course_outline', { slug: 'x' })).resolves.toBeNull()
    await expect(earlyRpc({ auth }, 'course_outline', { slug: 'x' })).resolves.toBeNull()
  })
})
