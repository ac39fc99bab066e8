import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FunnelSection } from './funnel-section'
import { DropOffSection } from './lessons-section'

describe('FunnelSection', () => {
  it('renders the chart with a table beside it that screen readers read, one row per step', () => {
    render(
      <FunnelSection
        counts={{
          lessons_total: 8,
          enrolled: 10,
          started: 8,
          quarter: 6,
          half: 4,
          three_quarters: 3,
          completed: 2,
          certified: 1,
        }}
      />,
    )
    const table = screen.getByRole('table', { name: 'Funnel: learners at each step' })
    const started = within(table).getByRole('row', { name: /^Started/ })
    expect(
      within(started)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['8', '80 %', '2'])
    expect(screen.getByRole('heading', { name: 'Funnel', level: 2 })).toBeTruthy()
  })
})

describe('DropOffSection', () => {
  it('lists every lesson in course order with learners stopped there and still working', () => {
    render(
      <DropOffSection
        lessons={[
          {
            lesson_id: 'a',
            lesson_number: 1,
            lesson_title: 'Intro',
            section_title: 'S',
            working: 1,
            stopped: 3,
            completed_learners: 5,
            median_seconds: 65,
          },
          {
            lesson_id: 'b',
            lesson_number: 2,
            lesson_title: 'Next',
            section_title: 'S',
            working: 0,
            stopped: 0,
            completed_learners: 0,
            median_seconds: null,
          },
        ]}
      />,
    )
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['1. Intro31', '2. Next00'])
  })
})
