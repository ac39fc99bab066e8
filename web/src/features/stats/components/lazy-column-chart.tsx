// The column chart, loaded on first use: recharts comes after the page's numbers, so the tables, streaks and heatmap
// never wait for it; ChartCard shows a placeholder meanwhile.
import { lazy } from 'react'

export const LazyColumnChart = lazy(() => import('./column-chart').then((m) => ({ default: m.StatsColumnChart })))
