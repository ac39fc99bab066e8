// The nearest-rank percentile the benches report: the value at rank ceil(p% of n) of an ascending list, NaN for none.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(Math.ceil((p / 100) * sorted.length) - 1, 0))]!
}

/** The median the benches report: the middle value, or of an even count the upper of the two middle ones. */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
