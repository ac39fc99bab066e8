// The offline queue's rules: one entry per lesson, newest position, most seconds, the last tick or untick standing,
// which failures are "unreachable", the backoff, and per-user storage that survives bad data.
import { describe, expect, it } from 'vitest'
import {
  enqueueSave,
  isUnreachable,
  queueStorageKey,
  readQueue,
  removeSent,
  retryDelayMs,
  writeQueue,
  type QueuedSave,
} from './progress-queue'

const lesson = 'e0000000-0000-4000-8000-000000001001'
const other = 'e0000000-0000-4000-8000-000000001003'
const save = (over: Partial<QueuedSave> = {}): QueuedSave => ({
  lesson_id: lesson,
  position_s: 10,
  watched_s: 10,
  completed: null,
  observed_at: '2026-11-25T10:00:00.000Z',
  ...over,
})

describe('enqueueSave', () => {
  it('keeps one entry per lesson and a separate one for another lesson', () => {
    const queue = enqueueSave(
      enqueueSave(enqueueSave([], save()), save({ position_s: 12 })),
      save({ lesson_id: other }),
    )
    expect(queue.map((e) => e.lesson_id)).toEqual([lesson, other])
  })

  it('takes the newest position and the most seconds watched', () => {
    const first = save({ position_s: 40, watched_s: 30, observed_at: '2026-11-25T10:00:05.000Z' })
    const older = save({ position_s: 5, watched_s: 35, observed_at: '2026-11-25T10:00:01.000Z' })
    expect(enqueueSave([first], older)).toEqual([
      { ...first, position_s: 40, watched_s: 35, observed_at: '2026-11-25T10:00:05.000Z' },
    ])
  })

  it('lets the last tick or untick stand, and a later position save keep it', () => {
    let queue = enqueueSave([], save({ completed: true }))
    queue = enqueueSave(queue, save({ completed: null, observed_at: '2026-11-25T10:01:00.000Z' }))
    expect(queue[0]?.completed).toBe(true)
    queue = enqueueSave(queue, save({ completed: false, observed_at: '2026-11-25T10:02:00.000Z' }))
    expect(queue[0]?.completed).toBe(false)
  })
})

describe('removeSent', () => {
  it('removes the entry that was sent but keeps one that a newer write replaced meanwhile', () => {
    const sent = save()
    expect(removeSent([sent], sent)).toEqual([])
    const merged = enqueueSave([sent], save({ completed: true }))
    expect(removeSent(merged, sent)).toEqual(merged)
  })
})

describe('isUnreachable', () => {
  it('queues failed fetches and gateway answers that the API is away', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true)
    expect(isUnreachable({ message: 'TypeError: Failed to fetch', code: '' })).toBe(true)
    expect(isUnreachable({ message: 'upstream', status: 503 })).toBe(true)
    expect(isUnreachable({ name: 'AuthRetryableFetchError', status: 0 })).toBe(true)
  })

  it('does not queue the server refusing the write', () => {
    expect(isUnreachable({ code: 'lesson_locked', message: 'locked', status: 403 })).toBe(false)
    expect(isUnreachable({ code: 'forbidden', status: 403 })).toBe(false)
    expect(isUnreachable({ code: 'validation_failed', status: 422 })).toBe(false)
    expect(isUnreachable(null)).toBe(false)
  })
})

describe('retryDelayMs', () => {
  it('doubles from 2 s and stops at a minute', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 60_000])
  })
})

describe('stored queue', () => {
  it('is kept per user and read back as written', () => {
    writeQueue('user-a', [save({ completed: true })], localStorage)
    expect(readQueue('user-a', localStorage)).toEqual([save({ completed: true })])
    expect(readQueue('user-b', localStorage)).toEqual([])
    writeQueue('user-a', [], localStorage)
    expect(localStorage.getItem(queueStorageKey('user-a'))).toBeNull()
  })

  it('drops what it cannot read instead of throwing', () => {
    localStorage.setItem(queueStorageKey('user-c'), '{not json')
    expect(readQueue('user-c', localStorage)).toEqual([])
    localStorage.setItem(queueStorageKey('user-c'), JSON.stringify([save(), { lesson_id: 3 }, 'x']))
    expect(readQueue('user-c', localStorage)).toEqual([save()])
  })
})
