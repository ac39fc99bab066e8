// The waiting notes' queue: one entry per note id, in the order written; what storage holds is read back safely.
import { describe, expect, it } from 'vitest'
import { readStoredQueue, writeStoredQueue } from '@/lib/outbox/outbox-queue'
import { enqueueNote, noteQueueKind, waitingNotes, type QueuedNote } from './note-queue'

const note = (id: string, lesson = 'lesson-1'): QueuedNote => ({
  id,
  lesson_id: lesson,
  at_s: null,
  body: `Note ${id}`,
  written_at: `2026-11-29T10:00:0${id.length}Z`,
})

class MemoryStorage {
  private items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
}

describe('enqueueNote', () => {
  it('keeps notes in the order written and each id once', () => {
    const queue = enqueueNote(enqueueNote([], note('a')), note('bb'))
    expect(queue.map((n) => n.id)).toEqual(['a', 'bb'])
    expect(enqueueNote(queue, { ...note('a'), body: 'changed' })).toBe(queue)
  })

  it('lists the waiting notes of one lesson', () => {
    const queue = [note('a'), note('b', 'lesson-2'), note('c')]
    expect(waitingNotes(queue, 'lesson-1').map((n) => n.id)).toEqual(['a', 'c'])
    expect(waitingNotes(queue, 'lesson-3')).toEqual([])
  })
})

describe('noteQueueKind', () => {
  it("stores a user's queue and reads back only well-formed notes", () => {
    const storage = new MemoryStorage() as unknown as Storage
    writeStoredQueue(noteQueueKind, 'user-1', [note('a')], storage)
    expect(readStoredQueue(noteQueueKind, 'user-1', storage)).toEqual([note('a')])
    expect(readStoredQueue(noteQueueKind, 'user-2', storage)).toEqual([])
    storage.setItem(
      noteQueueKind.storageKey('user-1'),
      JSON.stringify([note('a'), { id: 'x' }, { ...note('b'), at_s: 1.5 }]),
    )
    expect(readStoredQueue(noteQueueKind, 'user-1', storage)).toEqual([note('a')])
  })

  it('treats two entries as the same write by their id', () => {
    expect(noteQueueKind.same(note('a'), { ...note('a'), body: 'other' })).toBe(true)
    expect(noteQueueKind.same(note('a'), note('b'))).toBe(false)
  })
})
