// The outbox: a write the API could not take survives a new page (storage), is sent in order when the connection is
// back, retries on a growing timer, drops a refusal (telling the caller), and never sends one user's writes as another.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ProgressOutbox } from './progress-outbox'
import { readQueue, type QueuedSave } from './progress-queue'

const tick = (lesson: string, completed: boolean | null = true): QueuedSave => ({
  lesson_id: lesson,
  position_s: 0,
  watched_s: 0,
  completed,
  observed_at: '2026-11-25T10:00:00.000Z',
})
/** Lets the promises a timer started run out (the send and its catch). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

function setup(send: (save: QueuedSave) => Promise<string>) {
  const timers: Array<{ run: () => void; ms: number }> = []
  const synced: string[] = []
  const refused: string[] = []
  const make = () =>
    new ProgressOutbox<string>({
      send: vi.fn(send),
      storage: localStorage,
      onSynced: (result) => synced.push(result),
      onRefused: (save) => refused.push(save.lesson_id),
      setTimer: (run, ms) => timers.push({ run, ms }),
      clearTimer: () => undefined,
    })
  return { make, timers, synced, refused }
}

beforeEach(() => localStorage.clear())

describe('ProgressOutbox', () => {
  it('keeps a write across a new page and sends it when the connection returns', async () => {
    let reachable = false
    const { make, synced } = setup((save) => (reachable ? Promise.resolve(`saved ${save.lesson_id}`) : offline()))
    const first = make()
    first.setUser('u1')
    first.add('u1', tick('a'))
    expect(first.getState()).toMatchObject({ offline: true, queue: [tick('a')] })

    // A reload: a new outbox reads the same storage; still offline, so the write stays.
    const second = make()
    second.setUser('u1')
    await second.flush()
    expect(second.pending('a')).toEqual(tick('a'))
    expect(second.getState().offline).toBe(true)

    reachable = true
    await second.retryNow()
    expect(synced).toEqual(['saved a'])
    expect(second.getState()).toMatchObject({ offline: false, queue: [] })
    expect(readQueue('u1', localStorage)).toEqual([])
  })

  it('retries on a timer that grows while the API stays away', async () => {
    const { make, timers } = setup(offline)
    const outbox = make()
    outbox.add('u1', tick('a'))
    expect(timers.at(-1)?.ms).toBe(2_000)
    timers.at(-1)?.run()
    await settle()
    expect(timers.at(-1)?.ms).toBe(4_000)
    timers.at(-1)?.run()
    await settle()
    expect(timers.at(-1)?.ms).toBe(8_000)
    expect(outbox.pending('a')).toEqual(tick('a'))
  })

  it('sends writes in the order they were made and stops at the first that cannot reach the API', async () => {
    const sent: string[] = []
    let failOn: string | null = 'b'
    const { make } = setup((save) => {
      if (save.lesson_id === failOn) return offline()
      sent.push(save.lesson_id)
      return Promise.resolve('ok')
    })
    const outbox = make()
    outbox.add('u1', tick('a'))
    outbox.add('u1', tick('b'))
    outbox.add('u1', tick('c'))
    await outbox.retryNow()
    expect(sent).toEqual(['a'])
    expect(outbox.getState().queue.map((e) => e.lesson_id)).toEqual(['b', 'c'])
    failOn = null
    await outbox.retryNow()
    expect(sent).toEqual(['a', 'b', 'c'])
  })

  it('drops a write the server refuses and says so, then goes on with the rest', async () => {
    const { make, refused, synced } = setup((save) =>
      save.lesson_id === 'locked' ? Promise.reject({ code: 'lesson_locked', status: 403 }) : Promise.resolve('ok'),
    )
    const outbox = make()
    outbox.add('u1', tick('locked'))
    outbox.add('u1', tick('open'))
    await outbox.retryNow()
    expect(refused).toEqual(['locked'])
    expect(synced).toEqual(['ok'])
    expect(outbox.getState().queue).toEqual([])
  })

  it("keeps each user's writes to themselves: another user signing in neither sends nor sees them", async () => {
    const sent: string[] = []
    let reachable = false
    const { make } = setup((save) => {
      if (!reachable) return offline()
      sent.push(save.lesson_id)
      return Promise.resolve('ok')
    })
    const outbox = make()
    outbox.add('u1', tick('a'))
    reachable = true
    outbox.setUser('u2')
    await outbox.flush()
    expect(sent).toEqual([])
    expect(outbox.pending('a')).toBeUndefined()
    expect(readQueue('u1', localStorage)).toEqual([tick('a')])

    outbox.setUser('u1')
    await outbox.flush()
    expect(sent).toEqual(['a'])
  })
})
