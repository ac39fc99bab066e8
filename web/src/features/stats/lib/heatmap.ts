// The 12-week activity heatmap's layout: columns are ISO weeks (oldest first), rows are Monday … Sunday, like
// GitHub's. The RPC gives every day from a Monday through today, so cells after today are empty placeholders.
import type { HeatmapDay } from '../schemas/learner-stats.schema'
import { longDay, weekdayIndex } from '@/lib/format/date'
import { plural } from '@/lib/format/plural'

/** Whole minutes studied, rounded down like the RPC's own minutes. */
function minutesOf(seconds: number): number {
  return Math.floor(seconds / 60)
}

export interface HeatmapCell extends HeatmapDay {
  minutes: number
  /** 0 (nothing) … 4 (30 minutes or more): the colour step. */
  level: 0 | 1 | 2 | 3 | 4
  label: string
}

/** rows[weekday][week]: null where the day is still to come. */
export type HeatmapGrid = (HeatmapCell | null)[][]

export function activityLevel(minutes: number, lessons: number): HeatmapCell['level'] {
  if (minutes >= 30) return 4
  if (minutes >= 15) return 3
  if (minutes >= 5) return 2
  return minutes > 0 || lessons > 0 ? 1 : 0
}

/** "Tuesday 3 November: 12 minutes, 1 lesson", and whether the day counts for the streak. */
export function cellLabel(day: HeatmapDay): string {
  const base = `${longDay(day.day)}: ${plural(minutesOf(day.seconds), 'minute')}, ${plural(day.lessons, 'lesson')}`
  return day.counts ? `${base}, a study day` : base
}

export function heatmapGrid(days: HeatmapDay[]): HeatmapGrid {
  const first = days[0]
  // The first day is a Monday; if it were not, the offset keeps every day in its weekday's row.
  const offset = first ? weekdayIndex(first.day) : 0
  const weeks = Math.ceil((days.length + offset) / 7)
  const rows: HeatmapGrid = Array.from({ length: 7 }, () => Array.from({ length: weeks }, () => null))
  days.forEach((day, index) => {
    const position = index + offset
    const minutes = minutesOf(day.seconds)
    const row = rows[position % 7]
    if (row) {
      row[Math.floor(position / 7)] = {
        ...day,
        minutes,
        level: activityLevel(minutes, day.lessons),
        label: cellLabel(day),
      }
    }
  })
  return rows
}

export interface GridPosition {
  row: number
  column: number
}

/**
 * Where an arrow key (or Home/End) moves focus from `from`: left and right by week, up and down by day; days still
 * to come are skipped, and the edges hold. Null for any other key.
 */
export function moveInGrid(grid: HeatmapGrid, from: GridPosition, key: string): GridPosition | null {
  const columns = grid[0]?.length ?? 0
  const exists = (p: GridPosition) => Boolean(grid[p.row]?.[p.column])
  const step = (dRow: number, dColumn: number): GridPosition => {
    let next = { row: from.row + dRow, column: from.column + dColumn }
    while (next.row >= 0 && next.row < 7 && next.column >= 0 && next.column < columns) {
      if (exists(next)) return next
      next = { row: next.row + dRow, column: next.column + dColumn }
    }
    return from
  }
  switch (key) {
    case 'ArrowRight':
      return step(0, 1)
    case 'ArrowLeft':
      return step(0, -1)
    case 'ArrowDown':
      return step(1, 0)
    case 'ArrowUp':
      return step(-1, 0)
    case 'Home':
      return { row: from.row, column: 0 }
    case 'End': {
      for (let column = columns - 1; column >= 0; column -= 1) {
        if (exists({ row: from.row, column })) return { row: from.row, column }
      }
      return from
    }
    default:
      return null
  }
}

/** The last day with a cell (today): where focus starts. */
export function lastPosition(grid: HeatmapGrid): GridPosition {
  const columns = grid[0]?.length ?? 0
  for (let column = columns - 1; column >= 0; column -= 1) {
    for (let row = 6; row >= 0; row -= 1) {
      if (grid[row]?.[column]) return { row, column }
    }
  }
  return { row: 0, column: 0 }
}
