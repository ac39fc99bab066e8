// LazyMarkdown: its placeholder takes about as many lines as the text will, so the page moves little when it arrives,
// and the plain paragraphs a text starts with are on screen before the parser.
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LazyMarkdown, placeholderLines } from './lazy-markdown'

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

describe('LazyMarkdown', () => {
  it('shows a text that is plain throughout at once, without loading the parser', () => {
    render(<LazyMarkdown source={'First paragraph.\n\nSecond, with (brackets) and 50%.'} className="text-sm" />)
    expect(screen.getByText('First paragraph.').tagName).toBe('P')
    expect(screen.getByText('Second, with (brackets) and 50%.').tagName).toBe('P')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('shows the plain paragraphs it starts with while the parser loads, then the whole text rendered', async () => {
    render(<LazyMarkdown source={'An opening line.\n\n## Then a heading\n\n- and a list'} headingOffset={2} />)
    expect(screen.getByText('An opening line.').tagName).toBe('P')
    expect(screen.getByRole('status', { name: 'Loading the text' })).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 4, name: 'Then a heading' })).toBeTruthy()
    expect(screen.getAllByText('An opening line.')).toHaveLength(1)
    expect(screen.getByRole('listitem').textContent).toBe('and a list')
    expect(screen.queryByRole('status')).toBeNull()
  })
})
