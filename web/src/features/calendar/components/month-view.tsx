// The month view: a grid of Monday-first weeks (an ARIA grid of rows and cells). One day is in the tab order at a time:
// the arrow keys move by day and week, Home and End to the week's ends; the chosen day's items are listed under the
// grid in full (kind, time, course, join link), which is also how a narrow screen reads them.
import { useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { cn } from '@/lib/cn'
import type { CalendarItem } from '../api/calendar.api'
import { weeksOf, type CalendarDay } from '../lib/calendar-grid'
import { longDay } from '@/lib/format/date'
import { plural } from '@/lib/format/plural'
import { itemTime, kindLabels } from '../lib/format'
import { CalendarItemList, kindIcons } from './calendar-item'

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

interface MonthViewProps {
  days: CalendarDay[]
  byDay: Map<string, CalendarItem[]>
  zone: string
  today: string
  title: string
  /** Told of each day the learner chooses (the page opens the week or agenda from it). */
  onChoose?: (day: string) => void
}

function initialDay(days: CalendarDay[], today: string): string {
  if (days.some((d) => d.key === today)) return today
  return days.find((d) => d.inMonth)?.key ?? days[0]?.key ?? today
}

const moves: Record<string, (index: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowUp: (i) => i - 7,
  ArrowDown: (i) => i + 7,
  Home: (i) => i - (i % 7),
  End: (i) => i - (i % 7) + 6,
}

export function MonthView({ days, byDay, zone, today, title, onChoose }: MonthViewProps) {
  const [chosen, setChosenState] = useState(() => initialDay(days, today))
  const setChosen = (day: string) => {
    setChosenState(day)
    onChoose?.(day)
  }
  // A new month (other days) starts again from today or the month's first day.
  const selected = days.some((d) => d.key === chosen) ? chosen : initialDay(days, today)
  const cells = useRef(new Map<string, HTMLDivElement>())
  const weeks = useMemo(() => weeksOf(days), [days])
  const selectedItems = byDay.get(selected) ?? []

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const move = moves[event.key]
    if (!move) return
    const next = days[move(days.findIndex((d) => d.key === selected))]
    if (!next) return
    event.preventDefault()
    setChosen(next.key)
    cells.current.get(next.key)?.focus()
  }

  return (
    <div className="flex flex-col gap-6">
      <p id="month-help" className="sr-only">
        Use the arrow keys to move between days; the chosen day&apos;s items are listed below the calendar.
      </p>
      <div
        role="grid"
        // The cells take focus (one at a time); the grid itself only by script, never by Tab.
        tabIndex={-1}
        aria-label={title}
        aria-describedby="month-help"
        onKeyDown={onKeyDown}
        className="flex w-full flex-col gap-px text-sm"
      >
        <div role="row" className="grid grid-cols-7 gap-px">
          {weekdayNames.map((name) => (
            <div role="columnheader" key={name} className="pb-2 text-center text-xs font-medium text-slate-600">
              <span aria-hidden="true">{name.slice(0, 3)}</span>
              <span className="sr-only">{name}</span>
            </div>
          ))}
        </div>
        <div role="rowgroup" className="flex flex-col gap-px bg-slate-200 p-px">
          {weeks.map((week) => (
            <div role="row" key={week[0]?.key} className="grid grid-cols-7 gap-px">
              {week.map((day) => (
                <DayCell
                  key={day.key}
                  day={day}
                  items={byDay.get(day.key) ?? []}
                  zone={zone}
                  isToday={day.key === today}
                  isSelected={day.key === selected}
                  onSelect={() => setChosen(day.key)}
                  cellRef={(node) => {
                    if (node) cells.current.set(day.key, node)
                    else cells.current.delete(day.key)
                  }}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
      <section aria-labelledby="chosen-day-heading" className="flex flex-col gap-3">
        <h3 id="chosen-day-heading" className="text-lg font-semibold text-slate-900">
          {longDay(selected)}
          {selected === today ? ' (today)' : ''}
        </h3>
        {selectedItems.length > 0 ? (
          <CalendarItemList items={selectedItems} zone={zone} label={`Items on ${longDay(selected)}`} />
        ) : (
          <p className="text-slate-600">Nothing planned on this day.</p>
        )}
      </section>
    </div>
  )
}

interface DayCellProps {
  day: CalendarDay
  items: CalendarItem[]
  zone: string
  isToday: boolean
  isSelected: boolean
  onSelect: () => void
  cellRef: (node: HTMLDivElement | null) => void
}

function DayCell({ day, items, zone, isToday, isSelected, onSelect, cellRef }: DayCellProps) {
  const date = Number(day.key.slice(8))
  const label = `${longDay(day.key)}${isToday ? ' (today)' : ''}: ${
    items.length === 0 ? 'nothing planned' : plural(items.length, 'item')
  }`
  return (
    <div
      ref={cellRef}
      role="gridcell"
      aria-label={label}
      aria-selected={isSelected}
      tabIndex={isSelected ? 0 : -1}
      data-day={day.key}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          onSelect()
        }
      }}
      className={cn(
        'h-16 min-w-0 cursor-pointer p-1 sm:h-28 sm:p-1.5',
        day.inMonth ? 'bg-white' : 'bg-slate-50 text-slate-500',
        isSelected && 'bg-teal-50 ring-2 ring-teal-700 ring-inset',
        'focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-teal-900',
      )}
    >
      <div aria-hidden="true" className="flex flex-col gap-1">
        <span
          className={cn(
            'flex size-6 items-center justify-center rounded-full text-xs font-medium',
            isToday && 'bg-teal-700 text-white',
          )}
        >
          {date}
        </span>
        {items.length > 0 ? (
          <>
            <span className="text-xs font-medium text-teal-900 sm:hidden">{items.length}</span>
            <ul className="hidden flex-col gap-0.5 sm:flex">
              {items.slice(0, 2).map((item) => {
                const Icon = kindIcons[item.kind]
                return (
                  <li
                    key={`${item.kind}-${item.id}`}
                    title={`${kindLabels[item.kind]}, ${itemTime(item, zone)}: ${item.title}`}
                    className="flex items-center gap-1 truncate text-xs text-slate-800"
                  >
                    <Icon className="size-3 shrink-0" />
                    <span className="truncate">{item.title}</span>
                  </li>
                )
              })}
              {items.length > 2 ? <li className="text-xs text-slate-600">+{items.length - 2} more</li> : null}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  )
}
