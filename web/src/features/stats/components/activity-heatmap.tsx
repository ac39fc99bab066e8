// The 12-week activity heatmap: weeks as columns, Monday … Sunday as rows, colour by minutes studied, a dot on the
// days that count for the streak. One cell is in the tab order at a time (roving focus): arrow keys move by day and
// week, Home and End to the row's ends. Each cell's name says the day and its numbers; a table of the active days
// is the text alternative.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { ChevronDown } from 'lucide-react'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { cn } from '@/lib/cn'
import { heatmapGrid, lastPosition, moveInGrid, type GridPosition, type HeatmapCell } from '../lib/heatmap'
import { longDay } from '@/lib/format/date'
import type { HeatmapDay } from '../schemas/learner-stats.schema'

const rowNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const levelClass = ['bg-slate-100', 'bg-teal-100', 'bg-teal-300', 'bg-teal-500', 'bg-teal-700'] as const

export function ActivityHeatmap({ days }: { days: HeatmapDay[] }) {
  const grid = useMemo(() => heatmapGrid(days), [days])
  const [active, setActive] = useState<GridPosition>(() => lastPosition(grid))
  const cells = useRef(new Map<string, HTMLDivElement>())
  const studied = days.filter((d) => d.seconds > 0 || d.lessons > 0)

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = moveInGrid(grid, active, event.key)
    if (!next) return
    event.preventDefault()
    setActive(next)
    cells.current.get(`${next.row}:${next.column}`)?.focus()
  }

  return (
    <section
      aria-labelledby="heatmap-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="heatmap-title" className="text-lg font-semibold text-slate-900">
          Activity, last 12 weeks
        </h2>
        <p id="heatmap-help" className="text-sm text-slate-600">
          Each square is a day; darker means more minutes. Use the arrow keys to move between days.
        </p>
      </div>
      <div
        role="grid"
        // The cells take focus (one at a time); the grid itself only by script, never by Tab.
        tabIndex={-1}
        aria-labelledby="heatmap-title"
        aria-describedby="heatmap-help"
        onKeyDown={onKeyDown}
        className="flex max-w-xl flex-col gap-1"
      >
        {grid.map((row, rowIndex) => (
          <div role="row" key={rowNames[rowIndex]} className="grid grid-cols-[2.25rem_repeat(12,minmax(0,1fr))] gap-1">
            <div role="rowheader" className="flex items-center text-xs text-slate-600">
              <span aria-hidden="true">{rowIndex % 2 === 0 ? rowNames[rowIndex]?.slice(0, 3) : ''}</span>
              <span className="sr-only">{rowNames[rowIndex]}</span>
            </div>
            {row.map((cell, column) =>
              cell ? (
                <div
                  role="gridcell"
                  key={cell.day}
                  ref={(node) => {
                    const key = `${rowIndex}:${column}`
                    if (node) cells.current.set(key, node)
                    else cells.current.delete(key)
                  }}
                  tabIndex={active.row === rowIndex && active.column === column ? 0 : -1}
                  aria-label={cell.label}
                  title={cell.label}
                  onFocus={() => setActive({ row: rowIndex, column })}
                  data-day={cell.day}
                  data-level={cell.level}
                  className={cn(
                    'flex aspect-square items-center justify-center rounded-sm outline-offset-2',
                    'focus-visible:outline-2 focus-visible:outline-teal-800',
                    levelClass[cell.level],
                  )}
                >
                  {cell.counts ? <StudyDot level={cell.level} /> : null}
                </div>
              ) : (
                <div role="gridcell" key={`empty-${rowIndex}-${column}`} className="aspect-square" />
              ),
            )}
          </div>
        ))}
      </div>
      <Legend />
      <HeatmapTable days={studied} />
    </section>
  )
}

function StudyDot({ level }: { level: HeatmapCell['level'] }) {
  return <span aria-hidden="true" className={cn('size-1.5 rounded-full', level >= 3 ? 'bg-white' : 'bg-teal-900')} />
}

function Legend() {
  return (
    <div aria-hidden="true" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-slate-600">
      <span className="flex items-center gap-1">
        Less
        {levelClass.map((c) => (
          <span key={c} className={cn('size-3 rounded-sm', c)} />
        ))}
        More
      </span>
      <span className="flex items-center gap-1">
        <span className="flex size-3 items-center justify-center rounded-sm bg-teal-300">
          <span className="size-1.5 rounded-full bg-teal-900" />
        </span>
        A study day (5 minutes or a lesson): counts for your streak
      </span>
    </div>
  )
}

function HeatmapTable({ days }: { days: HeatmapDay[] }) {
  const [open, setOpen] = useState(false)
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger className="flex min-h-10 items-center gap-1 rounded-md text-sm font-medium text-teal-800 hover:underline">
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open ? 'rotate-180' : '')} />
        {open ? 'Hide the activity table' : 'Show the activity as a table'}
      </CollapsibleTrigger>
      <CollapsibleContent className="pt-2">
        {days.length === 0 ? (
          <p className="text-sm text-slate-600">No activity in the last 12 weeks.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">Days with activity, last 12 weeks</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-1.5 pr-2 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                  Minutes
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                  Lessons
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Study day
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-900">
                    {longDay(d.day)}
                  </th>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{Math.floor(d.seconds / 60)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{d.lessons}</td>
                  <td className="py-1.5 text-right">{d.counts ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CollapsibleContent>
    </Collapsible>
  )
}
