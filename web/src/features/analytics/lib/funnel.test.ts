import { describe, expect, it } from 'vitest'
import { funnelSteps } from './funnel'

describe('funnelSteps', () => {
  it('lists the steps in order with their share of the enrolled learners and the learners each step lost', () => {
    const steps = funnelSteps({
      lessons_total: 8,
      enrolled: 200,
      started: 150,
      quarter: 120,
      half: 90,
      three_quarters: 60,
      completed: 40,
      certified: 30,
    })
    expect(steps.map((s) => [s.label, s.learners, s.percentOfEnrolled, s.lostFromPrevious])).toEqual([
      ['Enrolled', 200, 100, 0],
      ['Started', 150, 75, 50],
      ['25 % done', 120, 60, 30],
      ['50 % done', 90, 45, 30],
      ['75 % done', 60, 30, 30],
      ['Completed', 40, 20, 20],
      ['Certified', 30, 15, 10],
    ])
  })

  it('answers 0 % rather than dividing by zero when nobody is enrolled', () => {
    const steps = funnelSteps({
      lessons_total: 0,
      enrolled: 0,
      started: 0,
      quarter: 0,
      half: 0,
      three_quarters: 0,
      completed: 0,
      certified: 0,
    })
    expect(steps.every((s) => s.percentOfEnrolled === 0 && s.lostFromPrevious === 0)).toBe(true)
  })
})
