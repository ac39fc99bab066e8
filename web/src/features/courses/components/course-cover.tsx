// A course's cover image from the public `course-covers` bucket, or a calm placeholder when there is none. Covers
// are decorative next to the title, so the image has empty alt text. The browser picks a resized rendering from the
// srcset by `sizes`; if renderings fail (a project without image transformations) the original is used instead.
import { useState } from 'react'
import { Mountain } from 'lucide-react'
import { cn } from '@/lib/cn'
import { supabase } from '@/lib/supabase'
import { cardCoverSizes, coverSources, coverUrl } from '../lib/cover-url'

export interface CourseCoverProps {
  coverPath: string | null
  className?: string
  /** Above-the-fold covers (the course page) load eagerly and first; card grids lazily. */
  eager?: boolean
  /** The width the cover takes at each breakpoint, for choosing from the srcset; a catalog card's by default. */
  sizes?: string
}

export function CourseCover({ coverPath, className, eager = false, sizes = cardCoverSizes }: CourseCoverProps) {
  // 0: renderings, 1: the original after a rendering failed, 2: the placeholder.
  const [failures, setFailures] = useState(0)
  const sources = failures === 0 ? coverSources(supabase, coverPath) : null
  const src = sources?.src ?? coverUrl(supabase, coverPath)
  const failed = failures > 1
  return (
    <div
      className={cn('relative aspect-video overflow-hidden bg-gradient-to-br from-teal-100 to-slate-200', className)}
    >
      {src && !failed ? (
        <img
          src={src}
          srcSet={sources?.srcSet}
          sizes={sources ? sizes : undefined}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onError={() => setFailures((n) => n + 1)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <Mountain aria-hidden="true" className="absolute inset-0 m-auto size-10 text-teal-700/40" />
      )}
    </div>
  )
}
