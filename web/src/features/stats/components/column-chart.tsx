// A column chart (recharts) for a series over time on the stats page. Drawn for sighted readers only
// (aria-hidden): the same numbers are in the table beside it, which is what screen readers and keyboards read.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, XAxis, YAxis } from 'recharts'

export interface ChartColumn {
  label: string
  value: number
}

interface StatsColumnChartProps {
  columns: ChartColumn[]
  /** Tailwind-free colour: recharts draws SVG with its own fill. */
  color: string
}

export function StatsColumnChart({ columns, color }: StatsColumnChartProps) {
  return (
    <div aria-hidden="true" className="h-56 w-full min-w-0">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={columns} margin={{ top: 8, right: 8, bottom: 4, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#334155' }} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: '#334155' }} />
          <Bar dataKey="value" fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
