// The progress bar: a named progressbar with its value (clamped and rounded), a readable value text, and no value at
// all while it is not known.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Progress } from './progress'

const bar = () => screen.getByRole('progressbar', { name: 'Course progress' })

describe('Progress', () => {
  it('says its value as a percentage, clamped and rounded', () => {
    const { rerender } = render(<Progress aria-label="Course progress" value={42.6} />)
    expect(bar().getAttribute('aria-valuenow')).toBe('43')
    expect(bar().getAttribute('aria-valuemin')).toBe('0')
    expect(bar().getAttribute('aria-valuemax')).toBe('100')
    expect(bar().getAttribute('aria-valuetext')).toBe('43%')
    expect(bar().dataset.state).toBe('loading')
    expect((bar().firstElementChild as HTMLElement).style.transform).toBe('translateX(-57%)')

    rerender(<Progress aria-label="Course progress" value={130} />)
    expect(bar().getAttribute('aria-valuenow')).toBe('100')
    expect(bar().dataset.state).toBe('complete')
    rerender(<Progress aria-label="Course progress" value={-5} />)
    expect(bar().getAttribute('aria-valuenow')).toBe('0')
  })

  it('has no value while it is not known', () => {
    render(<Progress aria-label="Course progress" value={null} />)
    expect(bar().hasAttribute('aria-valuenow')).toBe(false)
    expect(bar().hasAttribute('aria-valuetext')).toBe(false)
    expect(bar().dataset.state).toBe('indeterminate')
  })
})
