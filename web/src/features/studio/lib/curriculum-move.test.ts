// Drops in the flat curriculum list: lessons within and across sections, whole sections, refused drops.
import { describe, expect, it } from 'vitest'
import { moveInCurriculum, placeOf } from './curriculum-move'

const outline = () => [
  { id: 'S1', lessons: [{ id: 'a' }, { id: 'b' }] },
  { id: 'S2', lessons: [{ id: 'c' }] },
  { id: 'S3', lessons: [] },
]
const ids = (sections: ReturnType<typeof outline> | null) =>
  sections?.map((s) => `${s.id}:${s.lessons.map((l) => l.id).join('')}`)

describe('moveInCurriculum', () => {
  it('reorders lessons within a section', () => {
    expect(ids(moveInCurriculum(outline(), 'a', 'b'))).toEqual(['S1:ba', 'S2:c', 'S3:'])
  })

  it('moves a lesson down into the next section when dropped on its header, and up into the previous one', () => {
    expect(ids(moveInCurriculum(outline(), 'b', 'S2'))).toEqual(['S1:a', 'S2:bc', 'S3:'])
    expect(ids(moveInCurriculum(outline(), 'c', 'S2'))).toEqual(['S1:abc', 'S2:', 'S3:'])
    expect(ids(moveInCurriculum(outline(), 'c', 'S3'))).toEqual(['S1:ab', 'S2:', 'S3:c'])
  })

  it('moves a section with its lessons', () => {
    expect(ids(moveInCurriculum(outline(), 'S1', 'S2'))).toEqual(['S2:c', 'S1:ab', 'S3:'])
    expect(ids(moveInCurriculum(outline(), 'S3', 'a'))).toEqual(['S3:', 'S1:ab', 'S2:c'])
  })

  it('refuses a lesson above the first section and drops that change nothing', () => {
    expect(moveInCurriculum(outline(), 'a', 'S1')).toBeNull()
    expect(moveInCurriculum(outline(), 'S1', 'b')).toBeNull()
    expect(moveInCurriculum(outline(), 'a', 'a')).toBeNull()
    expect(moveInCurriculum(outline(), 'a', 'nowhere')).toBeNull()
  })
})

describe('placeOf', () => {
  it('gives the section index and 1-based position', () => {
    expect(placeOf(outline(), 'b')).toEqual({ section: 0, position: 2 })
    expect(placeOf(outline(), 'S2')).toEqual({ section: 1, position: 2 })
    expect(placeOf(outline(), 'x')).toBeNull()
  })
})
