// The plain lead of a markdown text: what it takes is exactly what marked renders as a bare paragraph, so showing it
// before the parser loads never shows anything the rendered text will not.
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown } from './markdown'
import { plainLead } from './markdown-plain'

/** The rendered body's children, as marked and the renderer make them. */
function renderedBlocks(source: string): Element[] {
  const { container, unmount } = render(<Markdown source={source} />)
  const blocks = [...container.firstElementChild!.children]
  const copies = blocks.map((block) => block.cloneNode(true) as Element)
  unmount()
  return copies
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** A small seeded generator (mulberry32), so a failing case is found again on the next run. */
function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('plainLead', () => {
  it("takes a course description's first paragraph and leaves the headings and lists after it", () => {
    const source = [
      'About one in five people lives with a disability — and this course,',
      'in six lessons, is for you.',
      '',
      '## What you will learn',
      '',
      '- Semantics',
    ].join('\n')
    expect(plainLead(source)).toEqual({
      paragraphs: ['About one in five people lives with a disability — and this course,\nin six lessons, is for you.'],
      rest: '## What you will learn\n\n- Semantics',
    })
  })

  it('takes a text that is plain throughout whole, with nothing left for the parser', () => {
    expect(plainLead('\nFirst, a note.\n\n\nThen 2 more: (a) and (b); 50% off #1 = ok.\r\n')).toEqual({
      paragraphs: ['First, a note.', 'Then 2 more: (a) and (b); 50% off #1 = ok.'],
      rest: '',
    })
    expect(plainLead('')).toEqual({ paragraphs: [], rest: '' })
  })

  it.each([
    ['emphasis', 'Some *soft* text'],
    ['strong', 'Some __bold__ text'],
    ['code', 'Run `npm start`'],
    ['a link', 'See [the docs](https://example.com)'],
    ['an image', 'An ![owl](owl.png)'],
    ['raw HTML', 'A <b>tag</b>'],
    ['an entity', 'Fish &amp; chips'],
    ['an escape', 'Not \\*emphasis\\*'],
    ['strikethrough', 'An ~~old~~ price'],
    ['a table row', 'a | b'],
    ['a bare URL', 'Go to www.example.com'],
    ['a URL with a scheme', 'Go to https://example.com now'],
    ['an e-mail address', 'Write to me@example.com'],
    ['a heading', '# Title'],
    ['a list item', '- item'],
    ['a plus list item', '+ item'],
    ['an ordered list item', '1. first'],
    ['an ordered list item with a parenthesis', '2) second'],
    ['a setext underline', 'Title\n====='],
    ['a setext underline of dashes', 'Title\n---'],
    ['indented code', '    code'],
    ['a hard line break', 'one  \ntwo'],
    ['a blockquote', '> quoted'],
  ])('stops at %s', (_name, block) => {
    expect(plainLead(`Plain first.\n\n${block}\n\nPlain after.`)).toEqual({
      paragraphs: ['Plain first.'],
      rest: `${block}\n\nPlain after.`,
    })
  })

  it('agrees with marked on every paragraph it takes (2,000 generated texts)', () => {
    const next = random(20261130)
    const pick = (chars: string) => chars[Math.floor(next() * chars.length)]!
    const common = 'abcdefghijklmnop qrstuvwxyz ABC 0123456789 .,;:?()"\'/%$^{}—é'
    const rare = '-+#=*_`[]<>&!~|\\@\t   '
    const line = () => {
      const length = 1 + Math.floor(next() * 24)
      let text = ''
      for (let i = 0; i < length; i++) text += next() < 0.05 ? pick(rare) : pick(common)
      return text
    }
    let taken = 0
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 6) }, () => (next() < 0.2 ? '' : line()))
      const source = lines.join('\n')
      const { paragraphs } = plainLead(source)
      if (paragraphs.length === 0) continue
      taken += paragraphs.length
      const blocks = renderedBlocks(source)
      paragraphs.forEach((text, i) => {
        const block = blocks[i]
        expect(block?.tagName, JSON.stringify(source)).toBe('P')
        expect(block?.childElementCount, JSON.stringify(source)).toBe(0)
        // Compared as the page lays it out: a paragraph's runs of white space show as one space.
        expect(collapse(block?.textContent ?? ''), JSON.stringify(source)).toBe(collapse(text))
      })
    }
    // Enough of the generated paragraphs were plain for the comparison to mean something.
    expect(taken).toBeGreaterThan(500)
  })
})
