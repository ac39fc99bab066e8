import { describe, expect, it } from 'vitest'
import { completedProgress, inProgress, lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { chooseNextLesson, lessonsInOrder, lockReasonText, quizRowText, remainingSeconds } from './lessons'

describe('lockReasonText', () => {
  it('asks visitors to enroll', () => {
    expect(lockReasonText({ reason: 'enroll' })).toBe('Enroll to unlock')
  })

  it('says when a drip lesson opens, as a localised date', () => {
    const opensAt = '2026-12-03T09:00:00Z'
    expect(lockReasonText({ reason: 'release', opens_at: opensAt }, 'en-US')).toBe('Opens on December 3, 2026')
    expect(lockReasonText({ reason: 'release', opens_at: opensAt }, 'fr-FR')).toBe('Opens on 3 décembre 2026')
  })

  it('names the lesson to finish first in sequential courses', () => {
    expect(lockReasonText({ reason: 'sequence', lesson_id: 'l1', lesson_title: 'SELECT and FROM' })).toBe(
      'Finish “SELECT and FROM” first',
    )
  })

  it('does not print "Invalid Date" for a broken timestamp', () => {
    expect(lockReasonText({ reason: 'release', opens_at: 'soon' })).toBe('Opens on a later date')
  })
})

function enrolledOutline(lastLessonId: string | null, sections = defaultSections()) {
  return outlineFixture({
    viewer: {
      signed_in: true,
      is_member: false,
      enrollment: {
        id: 'e1',
        status: 'active',
        enrolled_at: '2026-11-01T00:00:00Z',
        completed_at: null,
        last_lesson_id: lastLessonId,
      },
    },
    sections,
  })
}

function defaultSections() {
  return [
    // Deliberately out of order: the outline's order is by position, not array order.
    sectionFixture({
      id: 's2',
      position: 2,
      lessons: [
        lessonFixture({ id: 'c', position: 1, duration_s: 300 }),
        lessonFixture({ id: 'd', position: 2, available: false, lock: { reason: 'release', opens_at: '2030-01-01' } }),
      ],
    }),
    sectionFixture({
      id: 's1',
      position: 1,
      lessons: [
        lessonFixture({ id: 'b', position: 2, duration_s: 200 }),
        lessonFixture({ id: 'a', position: 1, duration_s: 100 }),
      ],
    }),
  ]
}

describe('lessonsInOrder', () => {
  it('orders by section position, then lesson position', () => {
    expect(lessonsInOrder(enrolledOutline(null)).map((l) => l.id)).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('chooseNextLesson', () => {
  it('starts at the first open lesson when nothing is done', () => {
    expect(chooseNextLesson(enrolledOutline(null))).toMatchObject({ lesson: { id: 'a' }, kind: 'start' })
  })

  it('resumes the last lesson when it is open and not finished', () => {
    expect(chooseNextLesson(enrolledOutline('c'))).toMatchObject({ lesson: { id: 'c' }, kind: 'resume' })
  })

  it('moves on to the first unfinished open lesson when the last one is finished', () => {
    const sections = defaultSections()
    const s1 = sections[1]!
    s1.lessons = s1.lessons.map((l) => ({ ...l, progress: l.id === 'a' ? completedProgress() : inProgress() }))
    expect(chooseNextLesson(enrolledOutline('a', sections))).toMatchObject({ lesson: { id: 'b' }, kind: 'next' })
  })

  it('skips locked lessons and a last lesson that is locked now', () => {
    expect(chooseNextLesson(enrolledOutline('d'))).toMatchObject({ lesson: { id: 'a' } })
  })

  it('returns null when every open lesson is finished', () => {
    const sections = defaultSections().map((s) => ({
      ...s,
      lessons: s.lessons.map((l) => (l.available ? { ...l, progress: completedProgress() } : l)),
    }))
    expect(chooseNextLesson(enrolledOutline('c', sections))).toBeNull()
  })
})

describe('remainingSeconds', () => {
  it('adds up the lessons not completed, locked ones included', () => {
    const sections = defaultSections()
    sections[1]!.lessons[0] = { ...sections[1]!.lessons[0]!, progress: completedProgress() } // b, 200 s
    expect(remainingSeconds({ sections })).toBe(100 + 300 + 125)
  })
})

describe('quizRowText', () => {
  it('gives the pass mark, then the best score and whether it passed', () => {
    expect(quizRowText({ pass_mark: 70, best_percent: null, passed: false })).toBe('Pass mark 70 %')
    expect(quizRowText({ pass_mark: 70, best_percent: 55.55, passed: false })).toBe('Pass mark 70 % · Best 55.6 %')
    expect(quizRowText({ pass_mark: 70, best_percent: 90, passed: true })).toBe('Pass mark 70 % · Best 90 %, passed')
  })
})
