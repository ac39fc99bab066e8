// One horizontal bar chart (recharts) for the analytics page. The chart is for sighted readers (aria-hidden): the
// same numbers are in the table beside it, which is what screen readers and keyboard users read. Long labels (lesson
// titles) are cut to the axis's width with an ellipsis, their full text in a tooltip and in the table.
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts'
import { truncateText } from '@/lib/format/text'

const axisWidth = 112
const tickFontSize = 12
// About 0.55 em per character in the UI font: what fits the axis beside an 8 px gap.
const axisChars = Math.floor((axisWidth - 8) / (tickFontSize * 0.55))

interface TickProps {
  x?: number | string
  y?: number | string
  payload?: { value?: unknown }
}

/** An axis label cut to fit, with the whole label as its tooltip (SVG <title>). */
function CategoryTick({ x = 0, y = 0, payload }: TickProps) {
  const label = String(payload?.value ?? '')
  const shown = truncateText(label, axisChars)
  return (
    <g transform={`translate(${Number(x)},${Number(y)})`}>
      <text x={-4} dy="0.35em" textAnchor="end" fontSize={tickFontSize} fill="#334155" data-testid="axis-label">
        <title>{label}</title>
        {shown}
      </text>
    </g>
  )
}

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
  // 28 px per bar keeps labels legible at 360 px wide; one line per label, so labels never overlap.
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
          <YAxis type="category" dataKey="label" width={axisWidth} tick={<CategoryTick />} interval={0} />
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
