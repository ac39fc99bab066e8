// Home's weekly goal and streak card: this week's days Monday … Sunday as marks (met or not, today outlined), the
// goal's progress and state, the current streak with a nudge when it is at risk, and the goal's own setting.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Check, Flame } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/cn'
import { statsQueries } from '../api/stats.queries'
import { longDay, weekdayName } from '@/lib/format/date'
import { plural } from '@/lib/format/plural'
import { goalProgress, goalState, isFirstWeek, streakNudge } from '../lib/goal'
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { WeeklyGoalSelect } from './weekly-goal-select'

export function WeeklyGoalCard({ userId }: { userId: string }) {
  const stats = useQuery(statsQueries.learner(userId))
  return (
    <section
      aria-labelledby="weekly-goal-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="weekly-goal-title" className="text-xl font-semibold text-slate-900">
          Weekly goal
        </h2>
        <Link to="/stats" className="text-sm font-medium text-teal-800 hover:underline">
          See your stats
        </Link>
      </div>
      {stats.isPending ? (
        <>
          <p role="status" className="sr-only">
            Loading your weekly goal…
          </p>
          <Skeleton className="h-10 w-full max-w-sm" />
          <Skeleton className="h-5 w-48" />
        </>
      ) : stats.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          Your weekly goal could not be loaded.
          <Button variant="outline" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <GoalBody userId={userId} stats={stats.data} />
      )}
    </section>
  )
}

function GoalBody({ userId, stats }: { userId: string; stats: LearnerStats }) {
  const nudge = streakNudge(stats)
  return (
    <>
      <ol aria-label="This week" className="flex gap-1.5 sm:gap-2">
        {stats.goal.this_week.map((day) => {
          const isToday = day.day === stats.today
          const name = weekdayName(day.day)
          return (
            <li key={day.day} className="flex flex-col items-center gap-1" data-counts={day.counts}>
              <span
                className={cn(
                  'flex size-9 items-center justify-center rounded-full border-2',
                  day.counts ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white',
                  isToday && 'outline-2 outline-offset-2 outline-slate-900',
                )}
              >
                {day.counts ? <Check aria-hidden="true" className="size-5" /> : null}
              </span>
              <span
                aria-hidden="true"
                className={cn('text-xs text-slate-600', isToday && 'font-semibold text-slate-900')}
              >
                {name.slice(0, 3)}
              </span>
              <span className="sr-only">
                {`${longDay(day.day)}${isToday ? ' (today)' : ''}: ${day.counts ? 'studied' : 'not studied'}`}
              </span>
            </li>
          )
        })}
      </ol>
      <div className="flex flex-col gap-1">
        <p className="font-medium text-slate-900" data-testid="goal-progress">
          {goalProgress(stats.goal)}
        </p>
        <p className="text-sm text-slate-600">{goalState(stats.goal, stats.today_counts, isFirstWeek(stats))}</p>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Flame aria-hidden="true" className="size-4 text-amber-600" />
        Current streak: {plural(stats.current_streak, 'day')}
      </p>
      {nudge ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{nudge}</p> : null}
      <WeeklyGoalSelect userId={userId} saved={stats.goal.days_per_week} />
    </>
  )
}
