// The stats page's charts, each with its table: minutes per day (30 days), minutes per week, lessons completed per
// week and quizzes passed per week (12 ISO weeks, labelled by their Monday).
import { ChartCard } from '@/components/chart-card'
import { longDay, shortDay } from '@/lib/format/date'
import type { LearnerStats } from '../schemas/learner-stats.schema'
import { LazyColumnChart } from './lazy-column-chart'
import { SeriesTable } from './series-table'

/** One value of a series: its day or week start, the label under its column and the name of its row in the table. */
interface Point {
  key: string
  label: string
  period: string
  value: number
}

interface Series {
  id: string
  title: string
  description: string
  caption: string
  periodHeading: string
  valueHeading: string
  color: string
  points: Point[]
}

const dayPoint = (day: string, value: number): Point => ({
  key: day,
  label: shortDay(day),
  period: longDay(day),
  value,
})
const weekPoint = (start: string, value: number): Point => ({
  key: start,
  label: shortDay(start),
  period: `Week of ${shortDay(start)}`,
  value,
})

function seriesOf(stats: LearnerStats): Series[] {
  return [
    {
      id: 'minutes-per-day',
      title: 'Minutes per day',
      description: 'Time spent studying on each of the last 30 days.',
      caption: 'Minutes studied per day, last 30 days',
      periodHeading: 'Day',
      valueHeading: 'Minutes',
      color: '#0f766e',
      points: stats.minutes_per_day.map((d) => dayPoint(d.day, d.minutes)),
    },
    {
      id: 'minutes-per-week',
      title: 'Minutes per week',
      description: 'Time spent studying in each of the last 12 weeks (Monday to Sunday).',
      caption: 'Minutes studied per week, last 12 weeks',
      periodHeading: 'Week',
      valueHeading: 'Minutes',
      color: '#0e7490',
      points: stats.minutes_per_week.map((w) => weekPoint(w.week_start, w.minutes)),
    },
    {
      id: 'lessons-per-week',
      title: 'Lessons completed per week',
      description: 'Lessons you finished in each of the last 12 weeks.',
      caption: 'Lessons completed per week, last 12 weeks',
      periodHeading: 'Week',
      valueHeading: 'Lessons',
      color: '#4338ca',
      points: stats.lessons_per_week.map((w) => weekPoint(w.week_start, w.lessons)),
    },
    {
      id: 'quizzes-per-week',
      title: 'Quizzes passed per week',
      description: 'Quizzes you passed for the first time in each of the last 12 weeks.',
      caption: 'Quizzes passed per week, last 12 weeks',
      periodHeading: 'Week',
      valueHeading: 'Quizzes',
      color: '#a21caf',
      points: (stats.quizzes_per_week ?? []).map((w) => weekPoint(w.week_start, w.quizzes)),
    },
  ]
}

export function StatsCharts({ stats }: { stats: LearnerStats }) {
  return (
    <div className="flex flex-col gap-6">
      {seriesOf(stats).map((series) => (
        <ChartCard
          key={series.id}
          id={series.id}
          title={series.title}
          description={series.description}
          chart={
            <LazyColumnChart
              columns={series.points.map(({ label, value }) => ({ label, value }))}
              color={series.color}
            />
          }
        >
          <SeriesTable
            caption={series.caption}
            periodHeading={series.periodHeading}
            valueHeading={series.valueHeading}
            rows={series.points.map(({ key, period, value }) => ({ key, period, value }))}
          />
        </ChartCard>
      ))}
    </div>
  )
}
