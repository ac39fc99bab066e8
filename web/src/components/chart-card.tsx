// A titled card holding a chart and the table with its numbers, side by side on wide screens and stacked on
// narrow ones. The table is the accessible version of the chart, so it always renders, even before the chart
// library (loaded lazily by each chart) has arrived.
import { Component, Suspense, type ReactNode } from 'react'
import { ChartColumn } from 'lucide-react'

interface ChartCardProps {
  id: string
  title: string
  description: ReactNode
  chart: ReactNode
  children: ReactNode
}

export function ChartCard({ id, title, description, chart, children }: ChartCardProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <ChartColumn aria-hidden="true" className="size-5 text-teal-700" />
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ChartBoundary>
          <Suspense fallback={<div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-slate-100" />}>
            {chart}
          </Suspense>
        </ChartBoundary>
        <div className="min-w-0 overflow-x-auto">{children}</div>
      </div>
    </section>
  )
}

/** A chart that fails to load or draw leaves its table in place instead of taking the page down. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (this.state.failed) {
      return <p className="text-sm text-slate-600">The chart could not be drawn; the table has its numbers.</p>
    }
    return this.props.children
  }
}
