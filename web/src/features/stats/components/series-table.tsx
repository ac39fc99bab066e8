// A two-column table of a chart's numbers (the chart's text version): a period and its value.
interface SeriesTableProps {
  caption: string
  periodHeading: string
  valueHeading: string
  rows: { key: string; period: string; value: number }[]
}

export function SeriesTable({ caption, periodHeading, valueHeading, rows }: SeriesTableProps) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          <th scope="col" className="py-1.5 pr-2 font-medium">
            {periodHeading}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {valueHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100">
            <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-900">
              {row.period}
            </th>
            <td className="py-1.5 text-right tabular-nums">{row.value.toLocaleString('en')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
