// The cover URL builder: the original's public URL, and a srcset of render URLs with width descriptors.
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { cardCoverSizes, coverSources, coverUrl, coverWidths, preloadCover } from './cover-url'

const client = createClient('http://127.0.0.1:54321', 'anon-key', { auth: { persistSession: false } })
const base = 'http://127.0.0.1:54321/storage/v1'

describe('course cover URLs', () => {
  it('answers nothing without a cover', () => {
    expect(coverUrl(client, null)).toBeNull()
    expect(coverSources(client, null)).toBeNull()
  })

  it('points the original at the public object route', () => {
    expect(coverUrl(client, 'c1/cover.png')).toBe(`${base}/object/public/course-covers/c1/cover.png`)
  })

  it('lists one render URL per width, each described by its width, and falls back to a mid-sized one', () => {
    const sources = coverSources(client, 'c1/my cover.png')!
    const entries = sources.srcSet.split(', ')
    expect(entries).toHaveLength(coverWidths.length)
    expect(entries[0]).toBe(`${base}/render/image/public/course-covers/c1/my%20cover.png?width=160 160w`)
    expect(entries.at(-1)).toBe(`${base}/render/image/public/course-covers/c1/my%20cover.png?width=1280 1280w`)
    expect(sources.src).toBe(`${base}/render/image/public/course-covers/c1/my%20cover.png?width=640`)
    expect(sources.srcSet).not.toContain('/object/public/')
  })
})

describe('preloadCover', () => {
  const hints = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'))

  it('hints the same srcset and sizes the cover image will choose from, first in line, until it has loaded', () => {
    preloadCover(client, 'c1/cover.png', '288px')
    const sources = coverSources(client, 'c1/cover.png')!
    const [link] = hints()
    expect(hints()).toHaveLength(1)
    expect(link!.getAttribute('href')).toBe(sources.src)
    expect(link!.getAttribute('imagesrcset')).toBe(sources.srcSet)
    expect(link!.getAttribute('imagesizes')).toBe('288px')
    expect(link!.getAttribute('fetchpriority')).toBe('high')
    link!.dispatchEvent(new Event('load'))
    expect(hints()).toHaveLength(0)
  })

  it("uses a card's sizes by default and hints nothing for a course without a cover", () => {
    preloadCover(client, null)
    expect(hints()).toHaveLength(0)
    preloadCover(client, 'c2/cover.png')
    expect(hints()[0]!.getAttribute('imagesizes')).toBe(cardCoverSizes)
    hints()[0]!.dispatchEvent(new Event('error'))
    expect(hints()).toHaveLength(0)
  })
})
