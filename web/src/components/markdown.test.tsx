// The safe markdown renderer: every supported construct becomes the right element, and script, event handlers,
// javascript: and data: URLs never reach the DOM.
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown, decodeEntities, safeImageSrc, safeLinkHref } from './markdown'

function renderMarkdown(source: string) {
  return render(<Markdown source={source} />).container
}

describe('Markdown', () => {
  it('renders headings one level under the page heading, paragraphs, emphasis, strong and del', () => {
    const root = renderMarkdown('# Title\n\n## Part\n\nSome *soft* and **bold** and ~~old~~ text.')
    expect(screen.getByRole('heading', { level: 2, name: 'Title' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Part' })).toBeTruthy()
    expect(root.querySelector('em')?.textContent).toBe('soft')
    expect(root.querySelector('strong')?.textContent).toBe('bold')
    expect(root.querySelector('del')?.textContent).toBe('old')
  })

  it('keeps heading levels as written with headingOffset 0 and caps them at h6', () => {
    render(<Markdown source={'# One\n\n###### Six'} headingOffset={0} />)
    expect(screen.getByRole('heading', { level: 1, name: 'One' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 6, name: 'Six' })).toBeTruthy()
  })

  it('renders ordered, unordered and task lists', () => {
    const root = renderMarkdown('3. three\n4. four\n\n- a\n- b\n\n* [x] done\n* [ ] todo')
    const ol = root.querySelector('ol')
    expect(ol?.getAttribute('start')).toBe('3')
    expect(ol?.querySelectorAll('li')).toHaveLength(2)
    const lists = root.querySelectorAll('ul')
    expect(lists).toHaveLength(2)
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((b) => b.checked)).toEqual([true, false])
    expect(boxes.every((b) => b.disabled)).toBe(true)
    expect(lists[1]?.textContent).toContain('todo')
  })

  it('renders code blocks, inline code, blockquotes, rules, line breaks and tables', () => {
    const root = renderMarkdown(
      '```js\nconst a = "<b>"\n```\n\nUse `x < y` here  \nnext line\n\n> quoted\n\n---\n\n| a | b |\n|:-|-:|\n| 1 | **2** |',
    )
    expect(root.querySelector('pre code')?.textContent).toBe('const a = "<b>"')
    expect(root.querySelector('pre code')?.getAttribute('data-language')).toBe('js')
    expect(root.querySelector('p code')?.textContent).toBe('x < y')
    expect(root.querySelector('br')).not.toBeNull()
    expect(root.querySelector('blockquote')?.textContent).toBe('quoted')
    expect(root.querySelector('hr')).not.toBeNull()
    const table = screen.getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['a', 'b'])
    expect(within(table).getAllByRole('cell')[1]?.querySelector('strong')?.textContent).toBe('2')
    expect(within(table).getAllByRole('cell')[1]?.style.textAlign).toBe('right')
  })

  it('decodes character references in text but not in code', () => {
    const root = renderMarkdown('Tom &amp; Jerry &copy; &#65;&#x42; &bogus;\n\n`&amp;`')
    expect(root.querySelector('p')?.textContent).toBe('Tom & Jerry © AB &bogus;')
    expect(root.querySelector('code')?.textContent).toBe('&amp;')
  })

  it('opens external links in a new tab with noopener noreferrer and keeps relative and mailto links', () => {
    renderMarkdown('[site](https://example.com) [page](/courses) [mail](mailto:a@example.com) <https://auto.example>')
    const site = screen.getByRole('link', { name: /site/ })
    expect(site.getAttribute('href')).toBe('https://example.com')
    expect(site.getAttribute('target')).toBe('_blank')
    expect(site.getAttribute('rel')).toBe('noopener noreferrer')
    const page = screen.getByRole('link', { name: 'page' })
    expect(page.getAttribute('href')).toBe('/courses')
    expect(page.getAttribute('target')).toBeNull()
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@example.com')
    expect(screen.getByRole('link', { name: /auto\.example/ }).getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('renders images with https or same-origin sources and their alt text', () => {
    renderMarkdown('![A chart](https://cdn.example.com/c.png) ![Local](/img/x.png)')
    expect(screen.getByRole('img', { name: 'A chart' }).getAttribute('src')).toBe('https://cdn.example.com/c.png')
    expect(screen.getByRole('img', { name: 'Local' }).getAttribute('src')).toBe('/img/x.png')
  })
})

describe('Markdown against script injection', () => {
  it('shows a <script> block as text and never creates a script element', () => {
    const root = renderMarkdown('<script>alert(1)</script>\n\nInline <script>alert(2)</script> too')
    expect(root.querySelector('script')).toBeNull()
    expect(root.textContent).toContain('<script>alert(1)</script>')
    expect(root.textContent).toContain('<script>alert(2)</script>')
  })

  it('shows raw HTML with event handlers as text and creates no element with an on* attribute', () => {
    const root = renderMarkdown('<img src=x onerror="alert(1)">\n\nHi <b onmouseover="alert(2)">there</b>')
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('b')).toBeNull()
    const withHandlers = Array.from(root.querySelectorAll('*')).filter((el) =>
      Array.from(el.attributes).some((a) => a.name.startsWith('on')),
    )
    expect(withHandlers).toEqual([])
    expect(root.textContent).toContain('onerror="alert(1)"')
  })

  it('drops javascript:, vbscript: and data: links but keeps their text', () => {
    const root = renderMarkdown(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](java&#x09;script:alert(1)) [d](vbscript:x) ' +
        '[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [f](&#106;avascript:alert(1))',
    )
    expect(root.querySelectorAll('a')).toHaveLength(0)
    expect(root.textContent).toContain('a b c d e f')
  })

  it('drops data:, javascript: and plain http images, showing their alt text instead', () => {
    const root = renderMarkdown(
      '![pixel](data:image/png;base64,iVBORw0KGgo=) ![js](javascript:alert(1)) ![plain](http://x.example/a.png) ' +
        '![proto](//evil.example/a.png)',
    )
    expect(root.querySelectorAll('img')).toHaveLength(0)
    expect(root.textContent).toContain('pixel')
    expect(root.textContent).toContain('plain')
  })

  it('does not let an image title or alt break out of its attribute', () => {
    renderMarkdown('![x" onerror="alert(1)](https://ok.example/a.png "t\\" onload=\\"alert(1)")')
    const img = screen.getByRole('img')
    expect(img.getAttribute('onerror')).toBeNull()
    expect(img.getAttribute('onload')).toBeNull()
  })
})

describe('URL and entity helpers', () => {
  it('classifies link hrefs', () => {
    expect(safeLinkHref('https://a.example')).toEqual({ href: 'https://a.example', external: true })
    expect(safeLinkHref('HTTP://a.example')).toEqual({ href: 'HTTP://a.example', external: true })
    expect(safeLinkHref('#part-2')).toEqual({ href: '#part-2', external: false })
    expect(safeLinkHref('lesson-2')).toEqual({ href: 'lesson-2', external: false })
    expect(safeLinkHref('//cdn.example/x')).toEqual({ href: '//cdn.example/x', external: true })
    expect(safeLinkHref(' javascript:alert(1)')).toBeNull()
    expect(safeLinkHref('java\nscript:alert(1)')).toBeNull()
    expect(safeLinkHref('file:///etc/passwd')).toBeNull()
    expect(safeLinkHref('')).toBeNull()
  })

  it('classifies image sources', () => {
    expect(safeImageSrc('https://a.example/x.png')).toBe('https://a.example/x.png')
    expect(safeImageSrc('/x.png')).toBe('/x.png')
    expect(safeImageSrc('http://a.example/x.png')).toBeNull()
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeNull()
    expect(safeImageSrc('\\\\evil/x.png')).toBeNull()
  })

  it('decodes numeric and common named references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &#128512; &#xD800; &nope;')).toBe('<b> 😀 \ufffd &nope;')
  })

  it('decodes every HTML named reference, with its semicolon only', () => {
    expect(decodeEntities('Caf&eacute; &rarr; &Eacute;cole &frac12; &hearts;')).toBe('Café → École ½ ♥')
    expect(decodeEntities('AT&amp;T, AT&T, &copy 2026')).toBe('AT&T, AT&T, &copy 2026')
  })
})
