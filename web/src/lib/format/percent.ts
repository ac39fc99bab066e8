// Shares and scores as percentages: "85 %", "12.5 %" (one decimal at most), "—" when there is none yet.
import { lazyFormat } from './lazy-format'

const percent = lazyFormat(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }))

/** A percentage already on the 0–100 scale. */
export function formatPercent(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${percent().format(value)} %`
}

/** A share on the 0–1 scale (a pass rate, a facility) as a percentage. */
export function formatShare(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatPercent(value * 100)
}
