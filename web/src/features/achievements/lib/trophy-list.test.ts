import { describe, expect, it } from 'vitest'
import { toTrophyList } from './trophy-list'

const catalogue = [
  { code: 'streak_7', position: 3, title: '7-day streak', description: 'd', icon: 'Flame' },
  { code: 'first_lesson', position: 1, title: 'First lesson', description: 'd', icon: 'BookCheck' },
]

describe('toTrophyList', () => {
  it('keeps the catalogue order and marks the earned ones', () => {
    const award = { code: 'streak_7', earned_at: '2026-11-03T10:00:00Z', course_id: null, course: null }
    const list = toTrophyList(catalogue, [award])
    expect(list.map((trophy) => trophy.code)).toEqual(['first_lesson', 'streak_7'])
    expect(list.map((trophy) => trophy.earned)).toEqual([null, award])
  })
})
