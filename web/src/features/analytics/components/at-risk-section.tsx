// Learners at risk: not finished and no activity for 7 days (or none since enrolling a week ago), most recently
// idle first, with the lesson they stopped at and how far they got.
import { UserRoundCheck } from 'lucide-react'
import type { AtRiskPage } from '../api/analytics.api'
import { formatIdle } from '../lib/format'
import { plural, pluralWord } from '@/lib/format/plural'

export function AtRiskSection({ page }: { page: AtRiskPage }) {
  return (
    <section
      aria-labelledby="at-risk-title"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="at-risk-title" className="text-lg font-semibold text-slate-900">
          At-risk learners
        </h2>
        <p className="text-sm text-slate-600">
          {page.total === 0
            ? 'No activity for 7 days means at risk.'
            : `${plural(page.total, 'learner')} ${pluralWord(page.total, 'has', 'have')} had no activity for 7 days${page.total > page.rows.length ? `; the ${page.rows.length} most recently active are listed` : ''}.`}
        </p>
      </div>
      {page.rows.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <UserRoundCheck aria-hidden="true" className="size-5 text-teal-700" />
          Every learner who has not finished was active in the last 7 days.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">At-risk learners</caption>
            <thead>
              <tr className="border-b border-slate-200 text-left text-slate-600">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Learner
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Last activity
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Last lesson
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Lessons done
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((row) => (
                <tr key={row.enrollment_id} className="border-b border-slate-100">
                  <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
                    {row.display_name}
                  </th>
                  <td className="py-2 pr-2 whitespace-nowrap">{formatIdle(row.last_activity_at)}</td>
                  <td className="py-2 pr-2">{row.last_lesson_title ?? 'Not started'}</td>
                  <td className="py-2 text-right tabular-nums">
                    {row.lessons_completed} / {row.lessons_total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
