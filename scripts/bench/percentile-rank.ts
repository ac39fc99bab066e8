// The nearest-rank percentile the benches report: the value at rank ceil(p% of n) of an ascending list, NaN for none.
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(Math.ceil((p / 100) * sorted.length) - 1, 0))]!
}

/** percentile() of values in any order (a sorted copy). */
export function percentileOf(values: number[], p: number): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    p,
  )
}

/**
 * The median the benches report: the middle value, or of an even count the mean of the two middle ones (taking the
 * upper one made the REST bench's 8 pairs report their 5th best ratio), NaN for none.
 */
export function median(values: number[]): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const upper = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[upper]! : (sorted[upper - 1]! + sorted[upper]!) / 2
}
