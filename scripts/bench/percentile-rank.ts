// The nearest-rank percentile the benches report: the value at rank ceil(p% of n) of an ascending list, NaN for none.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(Math.ceil((p / 100) * sorted.length) - 1, 0))]!
}
