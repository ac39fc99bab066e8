// Course cover URLs in the `course-covers` bucket (public read, so no signing and no request): the original, and a
// srcset of resized renderings from Storage's image transformations, so a card downloads a cover near the size it
// shows instead of the full upload. Only the width is given, so each rendering keeps the cover's own aspect ratio.
import type { SupabaseClient } from '@/lib/supabase'

/** Rendering widths: thumbnails up to a wide course header on a 2x screen (Storage clamps at 2000). */
export const coverWidths = [160, 320, 480, 640, 960, 1280] as const

/** What a card in the catalog grid occupies: one column on phones, two from `sm`, three in the 1024px main at `lg`. */
export const cardCoverSizes = '(min-width: 1024px) 315px, (min-width: 640px) calc(50vw - 32px), calc(100vw - 32px)'

export function coverUrl(client: SupabaseClient, coverPath: string | null): string | null {
  if (!coverPath) return null
  return client.storage.from('course-covers').getPublicUrl(coverPath).data.publicUrl
}

export interface CoverSources {
  /** The fallback for browsers without srcset: a mid-sized rendering, never the original. */
  src: string
  srcSet: string
}

export function coverSources(client: SupabaseClient, coverPath: string | null): CoverSources | null {
  if (!coverPath) return null
  const files = client.storage.from('course-covers')
  return coverSourcesAt((width) => files.getPublicUrl(coverPath, { transform: { width } }).data.publicUrl)
}

/** The sources from the URL of a cover's rendering at a width (index.html's boot script builds them without a client). */
export function coverSourcesAt(at: (width: number) => string): CoverSources {
  return {
    src: at(640),
    srcSet: coverWidths.map((width) => `${at(width)} ${width}w`).join(', '),
  }
}

/**
 * Starts downloading a cover before the page that shows it renders (the course page's loader, once the outline names
 * it): the browser picks the same rendering from the srcset and `sizes` as the `<img>` will, and finds it on its way.
 */
export function preloadCover(client: SupabaseClient, coverPath: string | null, sizes = cardCoverSizes): void {
  const sources = coverSources(client, coverPath)
  if (sources) hintCover(sources, sizes)
}

/** preloadCover's hint, for sources already built. */
export function hintCover(sources: CoverSources, sizes = cardCoverSizes): void {
  if (typeof document === 'undefined') return
  const link = document.createElement('link')
  link.rel = 'preload'
  link.setAttribute('as', 'image')
  link.href = sources.src
  link.setAttribute('imagesrcset', sources.srcSet)
  link.setAttribute('imagesizes', sizes)
  link.setAttribute('fetchpriority', 'high')
  // The image cache keeps it; the hint itself is not needed once it has done its work.
  const done = () => link.remove()
  link.addEventListener('load', done, { once: true })
  link.addEventListener('error', done, { once: true })
  document.head.append(link)
}
