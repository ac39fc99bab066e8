// The player's outline and the lesson's media take the boot script's early answers for the lesson's address, and a
// refused media request is asked again (see lib/early-requests.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { earlyRequests } from '@/lib/early-requests'
import { leaveEarlyAnswers, spiedClient } from '@/testing/early-answers'
import { outlineFixture } from '@/testing/outline-fixture'
import { getLessonMediaById, getPlayerOutline } from './learn.api'

const lessonId = 'e0000000-0000-4000-8000-000000001001'
const outline = outlineFixture()
const [outlineRequest, mediaRequest] = earlyRequests(`/learn/sql-basics/${lessonId}`, '')

afterEach(() => {
  delete window.__summitEarly
})

describe("the player's calls with early answers", () => {
  it("take the boot script's outline and media for the lesson's address, without asking", async () => {
    const { client, rpc, invoke } = spiedClient('jwt')
    const media = { video_path: 'v.webm', captions_path: null, video_url: '/storage/v1/x', captions_url: null }
    leaveEarlyAnswers('jwt', {
      [outlineRequest!.key]: { ok: true, body: outline },
      [mediaRequest!.key]: { ok: true, body: media },
    })
    await expect(getPlayerOutline(client, 'sql-basics', lessonId)).resolves.toMatchObject({ course: outline.course })
    await expect(getLessonMediaById(client, lessonId)).resolves.toMatchObject({
      videoPath: 'v.webm',
      captionsUrl: null,
    })
    expect(rpc).not.toHaveBeenCalled()
    expect(invoke).not.toHaveBeenCalled()
  })

  it('ask the function again after a refusal: functions-js builds its error from the Response', async () => {
    const { client, invoke } = spiedClient(null)
    leaveEarlyAnswers(null, { [mediaRequest!.key]: { ok: false, body: { code: 'lesson_locked' } } })
    await expect(getLessonMediaById(client, lessonId)).rejects.toThrow('asked the API')
    expect(invoke).toHaveBeenCalledTimes(1)
  })

  it("ask for a member's learner preview, another question than the address's", async () => {
    const { client, rpc } = spiedClient('jwt')
    leaveEarlyAnswers('jwt', { [outlineRequest!.key]: { ok: true, body: outline } })
    await expect(getPlayerOutline(client, 'sql-basics', lessonId, true)).rejects.toMatchObject({ code: 'asked_api' })
    expect(rpc).toHaveBeenCalledWith('course_outline', { slug: 'sql-basics', lesson_id: lessonId, as_learner: true })
  })
})
