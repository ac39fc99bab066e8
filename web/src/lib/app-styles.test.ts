// applyAppStyles turns the build's stylesheet preload (vite-plugins/styles-after-first-paint.ts) back into a stylesheet
// and waits for it, or its failure, before the app renders.
import { describe, expect, it } from 'vitest'
import { applyAppStyles } from './app-styles'

function documentWith(...hrefs: string[]): { doc: Document; links: HTMLLinkElement[] } {
  const doc = document.implementation.createHTMLDocument('app')
  const links = hrefs.map((href) => {
    const link = doc.createElement('link')
    link.rel = 'preload'
    link.as = 'style'
    link.href = href
    link.dataset.appStyles = ''
    doc.head.append(link)
    return link
  })
  return { doc, links }
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  // Let pending microtasks run.
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

describe('applyAppStyles', () => {
  it('resolves at once without a preloaded stylesheet (the dev server)', async () => {
    const { doc } = documentWith()
    expect(await settled(applyAppStyles(doc))).toBe(true)
  })

  it('applies each stylesheet and resolves only once all have loaded', async () => {
    const { doc, links } = documentWith('/assets/a.css', '/assets/b.css')
    const applied = applyAppStyles(doc)
    expect(links.map((link) => link.rel)).toEqual(['stylesheet', 'stylesheet'])
    links[0]!.dispatchEvent(new Event('load'))
    expect(await settled(applied)).toBe(false)
    links[1]!.dispatchEvent(new Event('load'))
    expect(await settled(applied)).toBe(true)
  })

  it('renders anyway when a stylesheet fails to load', async () => {
    const { doc, links } = documentWith('/assets/a.css')
    const applied = applyAppStyles(doc)
    links[0]!.dispatchEvent(new Event('error'))
    expect(await settled(applied)).toBe(true)
  })
})
