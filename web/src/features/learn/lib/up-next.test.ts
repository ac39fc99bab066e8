// Up next: a locked next lesson is shown with its reason and never autoplayed, a sequence lock opens once this lesson
// is complete, the autoplay choice is kept per user, and the play-on-arrival mark is used once.
import { describe, expect, it } from 'vitest'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { markPlayOnArrival, readAutoplay, takePlayOnArrival, upNext, writeAutoplay } from './up-next'

const next = {
  id: 'next',
  title: 'Next one',
  available: true,
  lock: null,
} as unknown as OutlineLesson

describe('upNext', () => {
  it('offers an open next lesson and nothing after the last', () => {
    expect(upNext(next, { id: 'cur', completed: false })).toEqual({ kind: 'open', lesson: next })
    expect(upNext(null, { id: 'cur', completed: true })).toEqual({ kind: 'none' })
  })

  it('shows a locked next lesson with its reason', () => {
    const locked = {
      ...next,
      available: false,
      lock: { reason: 'sequence', lesson_id: 'cur', lesson_title: 'Current' },
    }
    const state = upNext(locked as OutlineLesson, { id: 'cur', completed: false })
    expect(state.kind).toBe('locked')
    expect(state.kind === 'locked' && state.reason).toMatch(/Current/)
  })

  it('opens a lesson locked behind this one once this one is complete', () => {
    const locked = {
      ...next,
      available: false,
      lock: { reason: 'sequence', lesson_id: 'cur', lesson_title: 'Current' },
    }
    expect(upNext(locked as OutlineLesson, { id: 'cur', completed: true }).kind).toBe('open')
    const other = { ...locked, lock: { reason: 'sequence', lesson_id: 'earlier', lesson_title: 'Earlier' } }
    expect(upNext(other as OutlineLesson, { id: 'cur', completed: true }).kind).toBe('locked')
  })
})

describe('autoplay choice', () => {
  it('is on by default and remembered per user', () => {
    expect(readAutoplay('u1', localStorage)).toBe(true)
    writeAutoplay('u1', false, localStorage)
    expect(readAutoplay('u1', localStorage)).toBe(false)
    expect(readAutoplay('u2', localStorage)).toBe(true)
    writeAutoplay('u1', true, localStorage)
    expect(readAutoplay('u1', localStorage)).toBe(true)
  })
})

describe('play on arrival', () => {
  it('is taken once, and only by the lesson it was left for', () => {
    markPlayOnArrival('l2', sessionStorage)
    expect(takePlayOnArrival('l3', sessionStorage)).toBe(false)
    expect(takePlayOnArrival('l2', sessionStorage)).toBe(true)
    expect(takePlayOnArrival('l2', sessionStorage)).toBe(false)
  })
})
