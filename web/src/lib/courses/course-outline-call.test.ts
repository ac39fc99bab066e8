// The course page's outline takes the boot script's early answer to the same question with the same token, PostgREST's
// error included, and asks the API otherwise (see lib/early-requests.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { earlyKey, earlyRequests } from '@/lib/early-requests'
import { leaveEarlyAnswers, spiedClient } from '@/testing/early-answers'
import { outlineFixture } from '@/testing/outline-fixture'
import { getCourseOutline } from './course-outline-call'

const outline = outlineFixture()
const key = earlyKey('course_outline', { slug: 'sql-basics' })

afterEach(() => {
  delete window.__summitEarly
})

describe('getCourseOutline with an early answer', () => {
  it("takes the boot script's answer for the course page's address, without asking", async () => {
    const [request] = earlyRequests('/courses/sql-basics', '')
    const { client, rpc } = spiedClient('jwt')
    leaveEarlyAnswers('jwt', { [request!.key]: { ok: true, body: outline } })
    await expect(getCourseOutline(client, 'sql-basics')).resolves.toEqual(outline)
    expect(rpc).not.toHaveBeenCalled()
  })

  it('throws the error PostgREST answered, as it throws the one client.rpc gives', async () => {
    const error = { code: 'course_not_found', message: 'course not found', details: null, hint: null }
    const { client, rpc } = spiedClient(null)
    leaveEarlyAnswers(null, { [key]: { ok: false, body: error } })
    await expect(getCourseOutline(client, 'sql-basics')).rejects.toEqual(error)
    expect(rpc).not.toHaveBeenCalled()
  })

  it('asks the API with no answer, another token, or for a learner preview (another question)', async () => {
    const { client, rpc } = spiedClient('jwt')
    leaveEarlyAnswers('jwt', { [key]: null })
    await expect(getCourseOutline(client, 'sql-basics')).rejects.toMatchObject({ code: 'asked_api' })
    leaveEarlyAnswers(null, { [key]: { ok: true, body: outline } })
    await expect(getCourseOutline(client, 'sql-basics')).rejects.toMatchObject({ code: 'asked_api' })
    leaveEarlyAnswers('jwt', { [key]: { ok: true, body: outline } })
    await expect(getCourseOutline(client, 'sql-basics', true)).rejects.toMatchObject({ code: 'asked_api' })
    expect(rpc).toHaveBeenCalledTimes(3)
    expect(rpc).toHaveBeenLastCalledWith('course_outline', { slug: 'sql-basics', as_learner: true })
  })
})
