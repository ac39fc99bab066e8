// The funnel's steps in order, each with its share of the enrolled learners and how many the step before lost:
// the numbers the chart and its table show.
export interface FunnelCounts {
  lessons_total: number
  enrolled: number
  started: number
  quarter: number
  half: number
  three_quarters: number
  completed: number
  certified: number
}

export interface FunnelStep {
  key: keyof Omit<FunnelCounts, 'lessons_total'>
  label: string
  learners: number
  /** Share of the enrolled learners, 0-100, rounded. */
  percentOfEnrolled: number
  /** Learners the previous step had and this one does not (0 for the first). */
  lostFromPrevious: number
}

const steps: Array<[FunnelStep['key'], string]> = [
  ['enrolled', 'Enrolled'],
  ['started', 'Started'],
  ['quarter', '25 % done'],
  ['half', '50 % done'],
  ['three_quarters', '75 % done'],
  ['completed', 'Completed'],
  ['certified', 'Certified'],
]

export function funnelSteps(counts: FunnelCounts): FunnelStep[] {
  return steps.map(([key, label], index) => {
    const learners = counts[key]
    const previous = index === 0 ? learners : counts[steps[index - 1]![0]]
    return {
      key,
      label,
      learners,
      percentOfEnrolled: counts.enrolled === 0 ? 0 : Math.round((100 * learners) / counts.enrolled),
      lostFromPrevious: Math.max(previous - learners, 0),
    }
  })
}
