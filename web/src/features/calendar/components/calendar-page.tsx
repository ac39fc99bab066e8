// /calendar: the learner's study sessions, live sessions and deadlines in a month, week or agenda view (tabs), with
// previous / today / next, in their time zone; and under it the study plan editor for each enrolled course. The view
// and the date it shows are the route's search params, handed in with a way to change them. Last, the private iCal
// subscription, as on /account, loaded after the page.
import { useMemo, useState } from 'react'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Calendar, ChevronLeft, ChevronRight } from 'lucide-react'
import { Tabs } from '@/components/ui/tabs'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { errorMessage } from '@/lib/errors'
import { calendarQueries } from '../api/calendar.queries'
import {
  calendarViews,
  groupByDay,
  shiftAnchor,
  todayKey,
  viewRange,
  type CalendarView,
  type ViewRange,
} from '../lib/calendar-grid'
import { monthTitle, rangeTitle } from '../lib/format'
import { AgendaView } from './agenda-view'
import { LazyCalendarFeedSection } from './lazy-calendar-feed-section'
import { MonthView } from './month-view'
import { StudyPlansSection } from './study-plans-section'
import { WeekView } from './week-view'

const viewLabels: Record<CalendarView, string> = { month: 'Month', week: 'Week', agenda: 'Agenda' }
const stepNames: Record<CalendarView, string> = { month: 'month', week: 'week', agenda: '30 days' }

export interface CalendarPageProps {
  userId: string
  view: CalendarView
  /** The calendar date the view shows ('yyyy-MM-dd'); today in the learner's zone when absent. */
  date: string | undefined
  onChange: (next: { view: CalendarView; date: string | undefined }) => void
}

export function CalendarPage({ userId, view, date, onChange }: CalendarPageProps) {
  const { data: zone } = useSuspenseQuery(calendarQueries.timeZone(userId))
  const today = todayKey(zone)
  const anchor = date ?? today
  const range = useMemo(() => viewRange(view, anchor, zone), [view, anchor, zone])
  const title =
    view === 'month' ? monthTitle(anchor) : rangeTitle(range.days[0]?.key ?? anchor, range.days.at(-1)?.key ?? anchor)
  // The day chosen in the month: the week or agenda opened from the month starts from it, as a paper diary would.
  const [monthChoice, setMonthChoice] = useState<string>()
  const chosenInView = view === 'month' && range.days.some((d) => d.key === monthChoice) ? monthChoice : undefined

  return (
    <div className="flex flex-col gap-10">
      <CalendarHeading zone={zone} />
      <Tabs.Root
        value={view}
        activationMode="manual"
        onValueChange={(next) => {
          setMonthChoice(undefined)
          onChange({ view: next as CalendarView, date: chosenInView ?? date })
        }}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Tabs.List
            aria-label="Calendar view"
            className="inline-flex rounded-lg border border-slate-300 bg-slate-100 p-1"
          >
            {calendarViews.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  'h-9 rounded-md px-3 text-sm font-medium text-slate-700 hover:text-slate-900',
                  'data-[state=active]:bg-white data-[state=active]:text-teal-900 data-[state=active]:shadow-sm',
                )}
              >
                {viewLabels[value]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="flex items-center gap-1">
            <Button
              variant="outline"
              size="icon"
              aria-label={`Previous ${stepNames[view]}`}
              onClick={() => onChange({ view, date: shiftAnchor(view, anchor, zone, -1) })}
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </Button>
            <Button variant="outline" onClick={() => onChange({ view, date: undefined })}>
              Today
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={`Next ${stepNames[view]}`}
              onClick={() => onChange({ view, date: shiftAnchor(view, anchor, zone, 1) })}
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </Button>
          </div>
        </div>
        <h2 aria-live="polite" className="text-xl font-semibold text-slate-900" data-testid="calendar-title">
          {title}
        </h2>
        {calendarViews.map((value) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-2 focus-visible:outline-teal-800">
            {value === view ? (
              <CalendarItems
                userId={userId}
                view={view}
                range={range}
                zone={zone}
                today={today}
                title={title}
                onChoose={setMonthChoice}
              />
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <StudyPlansSection userId={userId} zone={zone} />
      <LazyCalendarFeedSection userId={userId} />
    </div>
  )
}

interface CalendarItemsProps {
  userId: string
  view: CalendarView
  range: ViewRange
  zone: string
  today: string
  title: string
  onChoose: (day: string) => void
}

function CalendarItems({ userId, view, range, zone, today, title, onChoose }: CalendarItemsProps) {
  const items = useQuery(calendarQueries.range(userId, range.from.toISOString(), range.to.toISOString()))
  const byDay = useMemo(() => groupByDay(items.data ?? [], zone), [items.data, zone])
  if (items.isPending) {
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          Loading your calendar…
        </p>
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    )
  }
  if (items.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-slate-700">
        <p>Your calendar could not be loaded. {errorMessage(items.error)}</p>
        <Button variant="outline" onClick={() => void items.refetch()} disabled={items.isRefetching}>
          {items.isRefetching ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    )
  }
  if (view === 'month') {
    return <MonthView days={range.days} byDay={byDay} zone={zone} today={today} title={title} onChoose={onChoose} />
  }
  if (view === 'week') return <WeekView days={range.days} byDay={byDay} zone={zone} today={today} />
  return <AgendaView days={range.days} byDay={byDay} zone={zone} today={today} />
}

export function CalendarHeading({ zone }: { zone?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        <Calendar aria-hidden="true" className="size-7 text-teal-700" />
        Your calendar
      </h1>
      <p className="text-slate-600">
        Study sessions, live sessions and deadlines{zone ? `, in your time zone (${zone})` : ''}.
      </p>
    </div>
  )
}
