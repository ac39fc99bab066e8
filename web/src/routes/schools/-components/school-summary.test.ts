import { describe, expect, it } from 'vitest'
import { schoolSummary } from './school-summary'

describe('schoolSummary', () => {
  it('is the first paragraph of the about text as plain words', () => {
    expect(schoolSummary('# Welcome\n\nWe teach **birdsong** and [more](https://x.test).\n\nSecond.', 'Wren')).toBe(
      'We teach birdsong and more.',
    )
  })

  it('names the school when there is no about text', () => {
    expect(schoolSummary('', 'Wren School')).toBe('Courses by Wren School on Summit.')
  })

  it('cuts a long paragraph at a word, within 160 characters', () => {
    const summary = schoolSummary('word '.repeat(60), 'Wren')
    expect(summary.length).toBeLessThanOrEqual(160)
    expect(summary.endsWith('word…')).toBe(true)
  })
})
