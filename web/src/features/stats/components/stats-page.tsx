// /stats: the signed-in learner's study time and rhythm from one learner_stats() call — streaks, the 12-week
// heatmap and three charts with their tables — or a friendly way to start when there is nothing yet.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChartColumn } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { statsQueries } from '../api/stats.queries'
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { ActivityHeatmap } from './activity-heatmap'
import { StatsCharts } from './stats-charts'
import { StreakSummary } from './streak-summary'

export function hasActivity(stats: LearnerStats): boolean {
  return (
    stats.total_minutes > 0 ||
    stats.lessons_completed_total > 0 ||
    stats.longest_streak > 0 ||
    stats.heatmap.some((d) => d.seconds > 0 || d.lessons > 0)
  )
}

export function StatsPage({ userId }: { userId: string }) {
  const { data: stats } = useSuspenseQuery(statsQueries.learner(userId))
  return (
    <div className="flex flex-col gap-8">
      <StatsHeading />
      {hasActivity(stats) ? (
        <>
          <StreakSummary stats={stats} />
          <ActivityHeatmap days={stats.heatmap} />
          <StatsCharts stats={stats} />
        </>
      ) : (
        <EmptyState icon={ChartColumn} title="No study time yet">
          <p>Your minutes, lessons and streaks will show here once you start a lesson.</p>
          <Button asChild className="mt-4">
            <Link to="/courses">Find a course</Link>
          </Button>
        </EmptyState>
      )}
    </div>
  )
}

export function StatsHeading() {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        <ChartColumn aria-hidden="true" className="size-7 text-teal-700" />
        Your stats
      </h1>
      <p className="text-slate-600">Your study time and rhythm, in your time zone.</p>
    </div>
  )
}
