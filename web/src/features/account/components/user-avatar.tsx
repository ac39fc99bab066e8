// A round avatar: the uploaded picture, or the name's initials on a coloured disc when there is none
// (or it fails to load). Decorative by default: the name is always given as text next to it.
import { useState } from 'react'
import { cn } from '@/lib/cn'
import { supabase } from '@/lib/supabase'
import { avatarUrl } from '../api/profile.api'

interface UserAvatarProps {
  name: string
  path: string | null | undefined
  /** Cache-busting version, e.g. the profile's updated_at. */
  version?: string | undefined
  className?: string
  /** Alternative text; leave empty when the name is shown beside the picture. */
  alt?: string
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((part) => [...(part ?? '')][0]?.toUpperCase() ?? '').join('') || '?'
}

export function UserAvatar({ name, path, version, className, alt = '' }: UserAvatarProps) {
  const src = path ? avatarUrl(supabase, path, version) : null
  const [failedSrc, setFailedSrc] = useState<string | null>(null)

  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={alt}
        onError={() => setFailedSrc(src)}
        className={cn('size-9 shrink-0 rounded-full bg-slate-200 object-cover', className)}
      />
    )
  }
  return (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-semibold text-teal-900',
        className,
      )}
    >
      {initials(name)}
    </span>
  )
}
