// Drafts survive in localStorage until sent, and a blank draft leaves nothing behind.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearDraft, readDraft, writeDraft } from './drafts'

describe('drafts', () => {
  afterEach(() => {
    window.localStorage.clear()
    vi.restoreAllMocks()
  })

  it('keeps a draft under its key until it is cleared', () => {
    writeDraft('note:u1:l1', 'Half a thought')
    expect(readDraft('note:u1:l1')).toBe('Half a thought')
    expect(readDraft('note:u1:l2')).toBe('')
    clearDraft('note:u1:l1')
    expect(readDraft('note:u1:l1')).toBe('')
    expect(window.localStorage.length).toBe(0)
  })

  it('removes the draft when the text becomes blank', () => {
    writeDraft('k', 'text')
    writeDraft('k', '   ')
    expect(window.localStorage.length).toBe(0)
  })

  it('does not throw when storage refuses', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => writeDraft('k', 'text')).not.toThrow()
    expect(readDraft('k')).toBe('')
  })
})
