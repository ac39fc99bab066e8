// The funnel: enrolled → started → 25/50/75 % → completed → certified, as bars and as a table with each step's
// share of the enrolled learners and how many the previous step lost.
import type { FunnelCounts } from '../lib/funnel'
import { funnelSteps } from '../lib/funnel'
import { LazyBarChart as AnalyticsBarChart } from './lazy-bar-chart'
import { ChartCard } from '@/components/chart-card'

export function FunnelSection({ counts }: { counts: FunnelCounts }) {
  const steps = funnelSteps(counts)
  return (
    <ChartCard
      id="funnel"
      title="Funnel"
      description={`How far the ${counts.enrolled.toLocaleString()} selected learners got through ${counts.lessons_total} lessons.`}
      chart={<AnalyticsBarChart bars={steps.map((s) => ({ label: s.label, value: s.learners }))} color="#0f766e" />}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Funnel: learners at each step</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-2 pr-2 font-medium">
              Step
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Learners
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              Of enrolled
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Lost
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.key} className="border-b border-slate-100" data-step={step.key}>
              <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
                {step.label}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{step.learners.toLocaleString()}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{step.percentOfEnrolled} %</td>
              <td className="py-2 text-right tabular-nums">{step.lostFromPrevious.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ChartCard>
  )
}
