// The stats page's three charts, each with its table: minutes per day (30 days), minutes per week and lessons
// completed per week (12 ISO weeks, labelled by their Monday).
import { ChartCard } from '@/components/chart-card'
import { longDay, shortDay } from '../lib/format'
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { LazyColumnChart } from './lazy-column-chart'
import { SeriesTable } from './series-table'

export function StatsCharts({ stats }: { stats: LearnerStats }) {
  const perDay = stats.minutes_per_day
  const perWeek = stats.minutes_per_week
  const lessons = stats.lessons_per_week
  const week = (start: string) => `Week of ${shortDay(start)}`
  return (
    <div className="flex flex-col gap-6">
      <ChartCard
        id="minutes-per-day"
        title="Minutes per day"
        description="Time spent studying on each of the last 30 days."
        chart={
          <LazyColumnChart
            columns={perDay.map((d) => ({ label: shortDay(d.day), value: d.minutes }))}
            color="#0f766e"
          />
        }
      >
        <SeriesTable
          caption="Minutes studied per day, last 30 days"
          periodHeading="Day"
          valueHeading="Minutes"
          rows={perDay.map((d) => ({ key: d.day, period: longDay(d.day), value: d.minutes }))}
        />
      </ChartCard>
      <ChartCard
        id="minutes-per-week"
        title="Minutes per week"
        description="Time spent studying in each of the last 12 weeks (Monday to Sunday)."
        chart={
          <LazyColumnChart
            columns={perWeek.map((w) => ({ label: shortDay(w.week_start), value: w.minutes }))}
            color="#0e7490"
          />
        }
      >
        <SeriesTable
          caption="Minutes studied per week, last 12 weeks"
          periodHeading="Week"
          valueHeading="Minutes"
          rows={perWeek.map((w) => ({ key: w.week_start, period: week(w.week_start), value: w.minutes }))}
        />
      </ChartCard>
      <ChartCard
        id="lessons-per-week"
        title="Lessons completed per week"
        description="Lessons you finished in each of the last 12 weeks."
        chart={
          <LazyColumnChart
            columns={lessons.map((w) => ({ label: shortDay(w.week_start), value: w.lessons }))}
            color="#4338ca"
          />
        }
      >
        <SeriesTable
          caption="Lessons completed per week, last 12 weeks"
          periodHeading="Week"
          valueHeading="Lessons"
          rows={lessons.map((w) => ({ key: w.week_start, period: week(w.week_start), value: w.lessons }))}
        />
      </ChartCard>
    </div>
  )
}
