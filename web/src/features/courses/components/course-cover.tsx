// A course's cover image from the public `course-covers` bucket, or a calm placeholder when there is none. Covers
// are decorative next to the title, so the image has empty alt text.
import { useState } from 'react'
import { Mountain } from 'lucide-react'
import { cn } from '@/lib/cn'
import { supabase } from '@/lib/supabase'
import { coverUrl } from '../lib/cover-url'

export interface CourseCoverProps {
  coverPath: string | null
  className?: string
  /** Above-the-fold covers (the course page) load eagerly; card grids lazily. */
  eager?: boolean
}

export function CourseCover({ coverPath, className, eager = false }: CourseCoverProps) {
  const [failed, setFailed] = useState(false)
  const src = coverUrl(supabase, coverPath)
  return (
    <div
      className={cn('relative aspect-video overflow-hidden bg-gradient-to-br from-teal-100 to-slate-200', className)}
    >
      {src && !failed ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <Mountain aria-hidden="true" className="absolute inset-0 m-auto size-10 text-teal-700/40" />
      )}
    </div>
  )
}
