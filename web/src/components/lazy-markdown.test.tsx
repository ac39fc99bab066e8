// LazyMarkdown's placeholder: about as many lines as the text will take, so the page moves little when it arrives.
import { describe, expect, it } from 'vitest'
import { placeholderLines } from './lazy-markdown'

describe('placeholderLines', () => {
  it('gives short texts three lines', () => {
    expect(placeholderLines('')).toHaveLength(3)
    expect(placeholderLines('One line.')).toHaveLength(3)
  })

  it('counts a line per 70 characters of each paragraph, blank lines aside', () => {
    const paragraph = 'x'.repeat(140)
    expect(placeholderLines([paragraph, '', paragraph, '', '- a', '- b'].join('\n'))).toHaveLength(6)
  })

  it('stops at twenty lines', () => {
    expect(placeholderLines('x'.repeat(70 * 50))).toHaveLength(20)
  })

  it('gives each line a height and a width', () => {
    for (const line of placeholderLines('x'.repeat(700))) expect(line).toMatch(/^h-4 w-/)
  })
})
