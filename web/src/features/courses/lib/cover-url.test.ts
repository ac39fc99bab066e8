// The cover URL builder: the original's public URL, and a srcset of render URLs with width descriptors.
import { createClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { coverSources, coverUrl, coverWidths } from './cover-url'

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
