// One horizontal bar chart (recharts) for the analytics page. The chart is for sighted readers (aria-hidden): the
// same numbers are in the table beside it, which is what screen readers and keyboard users read.
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts'

export interface ChartBar {
  label: string
  value: number
}

interface AnalyticsBarChartProps {
  bars: ChartBar[]
  /** Tailwind-free colour: recharts draws SVG with its own fill. */
  color: string
  valueLabel?: (value: number) => string
}

export function AnalyticsBarChart({ bars, color, valueLabel = String }: AnalyticsBarChartProps) {
  // 28 px per bar keeps labels legible at 360 px wide; the axis width leaves room for "75 % done".
  const height = Math.max(bars.length * 28 + 24, 120)
  return (
    <div aria-hidden="true" className="w-full min-w-0" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={bars}
          layout="vertical"
          margin={{ top: 4, right: 48, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" hide allowDecimals={false} />
          <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12, fill: '#334155' }} interval={0} />
          <Bar dataKey="value" fill={color} radius={[0, 4, 4, 0]} isAnimationActive={false}>
            <LabelList
              dataKey="value"
              position="right"
              formatter={(v) => valueLabel(Number(v))}
              fontSize={12}
              fill="#0f172a"
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
