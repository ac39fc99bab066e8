// The bar chart, loaded on first use: recharts (about 100 KiB gzip) comes after the page's numbers, so the tables
// and the rest of the page never wait for it; ChartCard shows a placeholder meanwhile.
import { lazy } from 'react'

export const LazyBarChart = lazy(() => import('./bar-chart').then((m) => ({ default: m.AnalyticsBarChart })))
