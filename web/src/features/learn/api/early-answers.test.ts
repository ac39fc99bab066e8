// The player's lesson content and media take the boot script's early answers for the lesson's address (its outline is
// the course page's: lib/courses/course-outline-call.test.ts), and a refused media request is asked again (see
// lib/early-requests.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { earlyRequests } from '@/lib/early-requests'
import { leaveEarlyAnswers, spiedClient } from '@/testing/early-answers'
import { getLessonContent, getLessonMediaById } from './learn.api'

const lessonId = 'e0000000-0000-4000-8000-000000001001'
const [, contentRequest, mediaRequest] = earlyRequests(`/learn/sql-basics/${lessonId}`, '')
const content = { body_md: '# Keys', video_path: 'v.webm', captions_path: null, attachments: [] }

afterEach(() => {
  delete window.__summitEarly
})

describe("the player's calls with early answers", () => {
  it("take the boot script's content and media for the lesson's address, without asking", async () => {
    const { client, from, invoke } = spiedClient('jwt')
    const media = { video_path: 'v.webm', captions_path: null, video_url: '/storage/v1/x', captions_url: null }
    leaveEarlyAnswers('jwt', {
      [contentRequest!.key]: { ok: true, body: [content] },
      [mediaRequest!.key]: { ok: true, body: media },
    })
    await expect(getLessonContent(client, lessonId)).resolves.toEqual(content)
    await expect(getLessonMediaById(client, lessonId)).resolves.toMatchObject({
      videoPath: 'v.webm',
      captionsUrl: null,
    })
    expect(from).not.toHaveBeenCalled()
    expect(invoke).not.toHaveBeenCalled()
  })

  it('read no row as no content: never written, or hidden from the caller by the lock rule', async () => {
    const { client, from } = spiedClient(null)
    leaveEarlyAnswers(null, { [contentRequest!.key]: { ok: true, body: [] } })
    await expect(getLessonContent(client, lessonId)).resolves.toBeNull()
    expect(from).not.toHaveBeenCalled()
  })

  it('ask the API again after an early refusal, and for another token', async () => {
    const { client, from } = spiedClient('jwt')
    leaveEarlyAnswers('jwt', { [contentRequest!.key]: { ok: false, body: { code: 'PGRST301' } } })
    await expect(getLessonContent(client, lessonId)).rejects.toMatchObject({ code: 'asked_api' })
    leaveEarlyAnswers(null, { [contentRequest!.key]: { ok: true, body: [content] } })
    await expect(getLessonContent(client, lessonId)).rejects.toMatchObject({ code: 'asked_api' })
    expect(from).toHaveBeenCalledTimes(2)
    expect(from).toHaveBeenCalledWith('lesson_contents')
  })

  it('ask the function again after a refusal: functions-js builds its error from the Response', async () => {
    const { client, invoke } = spiedClient(null)
    leaveEarlyAnswers(null, { [mediaRequest!.key]: { ok: false, body: { code: 'lesson_locked' } } })
    await expect(getLessonMediaById(client, lessonId)).rejects.toThrow('asked the API')
    expect(invoke).toHaveBeenCalledTimes(1)
  })
})
