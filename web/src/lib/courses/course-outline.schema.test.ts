import { describe, expect, it } from 'vitest'
import { lessonFixture, outlineFixture, sectionFixture } from '@/testing/outline-fixture'
import { courseOutlineSchema } from './course-outline.schema'

describe('courseOutlineSchema', () => {
  it('parses the contract shape, including every lock kind', () => {
    const outline = outlineFixture({
      sections: [
        sectionFixture({
          lessons: [
            lessonFixture({ id: 'a', available: false, lock: { reason: 'enroll' } }),
            lessonFixture({ id: 'b', available: false, lock: { reason: 'release', opens_at: '2030-01-01T00:00:00Z' } }),
            lessonFixture({
              id: 'c',
              available: false,
              lock: { reason: 'sequence', lesson_id: 'b', lesson_title: 'Second' },
            }),
          ],
        }),
      ],
    })
    const parsed = courseOutlineSchema.parse(JSON.parse(JSON.stringify(outline)))
    expect(parsed.sections[0]?.lessons.map((l) => l.lock?.reason)).toEqual(['enroll', 'release', 'sequence'])
  })

  it('ignores unknown fields, and the lesson part the app no longer asks for', () => {
    const raw = {
      ...outlineFixture(),
      future_field: true,
      lesson: { id: 'a', section_id: 's', content: null, prev_lesson_id: null, next_lesson_id: 'b' },
    }
    const parsed = courseOutlineSchema.parse(raw)
    expect(parsed.sections).toEqual(outlineFixture().sections)
    expect('future_field' in parsed).toBe(false)
    expect('lesson' in parsed).toBe(false)
  })

  it('rejects an answer missing what the page needs', () => {
    const broken = { ...outlineFixture(), course: { ...outlineFixture().course, title: undefined } }
    expect(courseOutlineSchema.safeParse(broken).success).toBe(false)
    const badLock = outlineFixture({
      sections: [sectionFixture({ lessons: [lessonFixture({ lock: { reason: 'moon' } as never })] })],
    })
    expect(courseOutlineSchema.safeParse(badLock).success).toBe(false)
  })
})
