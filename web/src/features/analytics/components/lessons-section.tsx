// Per lesson: where learners stop (not finished, idle for 7 days, at their last lesson) beside those still working
// on it, and the median time of the learners who completed it. The charts show the ten lessons that stand out; the
// tables list every lesson in course order.
import type { LessonStat } from '../api/analytics.api'
import { formatShortDuration } from '@/lib/format/duration'
import { LazyBarChart as AnalyticsBarChart } from './lazy-bar-chart'
import { ChartCard } from '@/components/chart-card'

const TOP = 10
const head = 'py-2 pr-2 font-medium'
const num = 'py-2 pr-2 text-right tabular-nums'

function top(lessons: LessonStat[], value: (l: LessonStat) => number) {
  return [...lessons]
    .filter((l) => value(l) > 0)
    .sort((a, b) => value(b) - value(a) || a.lesson_number - b.lesson_number)
    .slice(0, TOP)
    .map((l) => ({ label: `${l.lesson_number}. ${l.lesson_title}`, value: value(l) }))
}

function LessonCell({ lesson }: { lesson: LessonStat }) {
  return (
    <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
      <span className="text-slate-500">{lesson.lesson_number}.</span> {lesson.lesson_title}
    </th>
  )
}

export function DropOffSection({ lessons }: { lessons: LessonStat[] }) {
  const stops = top(lessons, (l) => l.stopped)
  return (
    <ChartCard
      id="drop-off"
      title="Where learners stop"
      description="Learners who have not finished, at the lesson they last worked on: stopped (no activity for 7 days) or still working."
      chart={
        stops.length > 0 ? (
          <AnalyticsBarChart bars={stops} color="#b45309" />
        ) : (
          <p className="text-sm text-slate-600">Nobody has stopped: every unfinished learner was active this week.</p>
        )
      }
    >
      <div>
        <table className="w-full text-sm">
          <caption className="sr-only">Learners per lesson: stopped there and still working on it</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className={head}>
                Lesson
              </th>
              <th scope="col" className={`${head} text-right`}>
                Stopped
              </th>
              <th scope="col" className={`${head} text-right`}>
                Working
              </th>
            </tr>
          </thead>
          <tbody>
            {lessons.map((lesson) => (
              <tr key={lesson.lesson_id} className="border-b border-slate-100">
                <LessonCell lesson={lesson} />
                <td className={num}>{lesson.stopped.toLocaleString()}</td>
                <td className={num}>{lesson.working.toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  )
}

export function LessonTimeSection({ lessons, dateFiltered }: { lessons: LessonStat[]; dateFiltered: boolean }) {
  const slowest = top(lessons, (l) => l.median_seconds ?? 0)
  return (
    <ChartCard
      id="lesson-time"
      title="Median time per lesson"
      description={
        <>
          Time studied by the learners who completed each lesson (to about 10 seconds).
          {dateFiltered ? ' The date range does not narrow this one; the cohort does.' : null}
        </>
      }
      chart={
        slowest.length > 0 ? (
          <AnalyticsBarChart bars={slowest} color="#4338ca" valueLabel={formatShortDuration} />
        ) : (
          <p className="text-sm text-slate-600">No lesson has been completed yet.</p>
        )
      }
    >
      <div>
        <table className="w-full text-sm">
          <caption className="sr-only">Median time per lesson and how many learners completed it</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className={head}>
                Lesson
              </th>
              <th scope="col" className={`${head} text-right`}>
                Completed by
              </th>
              <th scope="col" className={`${head} text-right`}>
                Median time
              </th>
            </tr>
          </thead>
          <tbody>
            {lessons.map((lesson) => (
              <tr key={lesson.lesson_id} className="border-b border-slate-100">
                <LessonCell lesson={lesson} />
                <td className={num}>{lesson.completed_learners.toLocaleString()}</td>
                <td className={num}>{formatShortDuration(lesson.median_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  )
}
