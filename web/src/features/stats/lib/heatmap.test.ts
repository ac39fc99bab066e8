// The heatmap's layout (weeks as columns, Monday … Sunday as rows), its cells' names and its keyboard moves.
import { describe, expect, it } from 'vitest'
import type { HeatmapDay } from '../schemas/learner-stats.schema'
import { activityLevel, cellLabel, heatmapGrid, lastPosition, moveInGrid } from './heatmap'

/** `count` days from Monday 2 November 2026, with activity on the ones given by index. */
function days(count: number, active: Record<number, Partial<HeatmapDay>> = {}): HeatmapDay[] {
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(2026, 10, 2 + i))
    return { day: date.toISOString().slice(0, 10), seconds: 0, lessons: 0, counts: false, ...active[i] }
  })
}

describe('heatmapGrid', () => {
  it('puts each week in a column and each weekday in a row, leaving the days to come empty', () => {
    // 12 weeks up to a Wednesday: 11 full weeks and 3 days.
    const grid = heatmapGrid(days(80))
    expect(grid).toHaveLength(7)
    expect(grid[0]).toHaveLength(12)
    expect(grid[0]?.[0]?.day).toBe('2026-11-02')
    expect(grid[6]?.[0]?.day).toBe('2026-11-08')
    expect(grid[0]?.[1]?.day).toBe('2026-11-09')
    expect(grid[2]?.[11]?.day).toBe('2027-01-20')
    expect(grid[3]?.[11]).toBeNull()
    expect(grid[6]?.[11]).toBeNull()
  })

  it('colours by whole minutes and marks a lesson without minutes as activity', () => {
    const grid = heatmapGrid(days(7, { 1: { seconds: 59, lessons: 1, counts: true }, 2: { seconds: 1800 } }))
    expect(grid[0]?.[0]?.level).toBe(0)
    expect(grid[1]?.[0]).toMatchObject({ minutes: 0, level: 1, counts: true })
    expect(grid[2]?.[0]).toMatchObject({ minutes: 30, level: 4 })
    expect([activityLevel(4, 0), activityLevel(5, 0), activityLevel(15, 0), activityLevel(29, 0)]).toEqual([1, 2, 3, 3])
  })
})

describe('cellLabel', () => {
  it('names the day and its numbers, and says when it counts for the streak', () => {
    expect(cellLabel({ day: '2026-11-03', seconds: 725, lessons: 1, counts: true })).toBe(
      'Tuesday 3 November: 12 minutes, 1 lesson, a study day',
    )
    expect(cellLabel({ day: '2026-11-08', seconds: 60, lessons: 0, counts: false })).toBe(
      'Sunday 8 November: 1 minute, 0 lessons',
    )
  })
})

describe('moveInGrid', () => {
  const grid = heatmapGrid(days(80))

  it('moves by week left and right and by day up and down, holding at the edges', () => {
    expect(moveInGrid(grid, { row: 0, column: 5 }, 'ArrowRight')).toEqual({ row: 0, column: 6 })
    expect(moveInGrid(grid, { row: 0, column: 5 }, 'ArrowLeft')).toEqual({ row: 0, column: 4 })
    expect(moveInGrid(grid, { row: 0, column: 5 }, 'ArrowDown')).toEqual({ row: 1, column: 5 })
    expect(moveInGrid(grid, { row: 0, column: 5 }, 'ArrowUp')).toEqual({ row: 0, column: 5 })
    expect(moveInGrid(grid, { row: 0, column: 0 }, 'ArrowLeft')).toEqual({ row: 0, column: 0 })
  })

  it('never lands on a day still to come', () => {
    expect(moveInGrid(grid, { row: 2, column: 11 }, 'ArrowDown')).toEqual({ row: 2, column: 11 })
    expect(moveInGrid(grid, { row: 5, column: 10 }, 'ArrowRight')).toEqual({ row: 5, column: 10 })
    expect(moveInGrid(grid, { row: 5, column: 3 }, 'End')).toEqual({ row: 5, column: 10 })
    expect(moveInGrid(grid, { row: 1, column: 7 }, 'Home')).toEqual({ row: 1, column: 0 })
  })

  it('ignores other keys and starts on today', () => {
    expect(moveInGrid(grid, { row: 0, column: 0 }, 'Enter')).toBeNull()
    expect(lastPosition(grid)).toEqual({ row: 2, column: 11 })
  })
})
