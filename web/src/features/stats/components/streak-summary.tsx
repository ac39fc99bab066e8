// Current and longest streak, side by side, with "at risk today" when yesterday's streak still needs today.
import { Flame, Medal } from 'lucide-react'
import { plural } from '@/lib/format/plural'
import type { LearnerStats } from '../schemas/learner-stats.schema'

export function StreakSummary({ stats }: { stats: LearnerStats }) {
  return (
    <section aria-labelledby="streaks-title" className="flex flex-col gap-3">
      <h2 id="streaks-title" className="sr-only">
        Streaks
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Flame aria-hidden="true" className="size-4 text-amber-600" />
            Current streak
          </dt>
          <dd className="text-2xl font-semibold text-slate-900" data-testid="current-streak">
            {plural(stats.current_streak, 'day')}
          </dd>
          {stats.streak_at_risk ? (
            <dd className="text-sm font-medium text-amber-800">At risk today: study 5 minutes or finish a lesson.</dd>
          ) : null}
        </div>
        <div className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Medal aria-hidden="true" className="size-4 text-teal-700" />
            Longest streak
          </dt>
          <dd className="text-2xl font-semibold text-slate-900">{plural(stats.longest_streak, 'day')}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">
        {plural(stats.total_minutes, 'minute')} studied and {plural(stats.lessons_completed_total, 'lesson')} completed
        in all.
      </p>
    </section>
  )
}
