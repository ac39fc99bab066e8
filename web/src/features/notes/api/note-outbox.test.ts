// A waiting note the database refuses when it is finally sent goes back into its lesson's "New note" box, after
// whatever was typed there since, and the lesson's panel is told why.
import { describe, expect, it, vi } from 'vitest'
import { readDraft, writeDraft } from '@/lib/drafts'
import { noteDraftKey } from '../lib/note-queue'
import { createNote } from './notes.api'
import { noteOutbox, onNoteRefused } from './note-outbox'

vi.mock('./notes.api', () => ({ createNote: vi.fn() }))

describe('noteOutbox', () => {
  it('puts a refused note back into its lesson’s box after what was typed there since', async () => {
    vi.mocked(createNote).mockRejectedValue({ code: '42501', message: 'You are not enrolled in this course.' })
    const key = noteDraftKey('user-1', 'lesson-1')
    writeDraft(key, 'Typed since')
    const refused = vi.fn()
    const stop = onNoteRefused(refused)
    noteOutbox.setUser('user-1')
    noteOutbox.add('user-1', {
      id: 'a0a0a0a0-0000-4000-8000-00000000000a',
      lesson_id: 'lesson-1',
      at_s: null,
      body: 'Written on a train',
      written_at: '2026-11-29T10:00:00Z',
    })
    await noteOutbox.flush()
    expect(readDraft(key)).toBe('Typed since\n\nWritten on a train')
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ lesson_id: 'lesson-1' }), expect.anything())
    expect(noteOutbox.getState().queue).toEqual([])
    stop()
  })
})
