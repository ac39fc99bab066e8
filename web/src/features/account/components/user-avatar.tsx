// A round avatar: the uploaded picture, or the name's initials on a coloured disc when there is none
// (or it fails to load). Decorative by default: the name is always given as text next to it. The picture is asked
// for square at the size shown, 1x and 2x, through Storage's image transformations, never as the full upload.
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
  /** The CSS size in pixels the avatar is shown at (36 for the default size-9). */
  size?: number
}

/** The avatar square-cropped at `size` CSS pixels, for 1x and 2x screens, keeping the cache-busting version. */
export function avatarSources(path: string, size: number, version?: string): { src: string; srcSet: string } {
  const files = supabase.storage.from('avatars')
  const at = (scale: number) => {
    const side = size * scale
    const url = files.getPublicUrl(path, { transform: { width: side, height: side, resize: 'cover' } }).data.publicUrl
    return version ? `${url}&v=${encodeURIComponent(version)}` : url
  }
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` }
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((part) => [...(part ?? '')][0]?.toUpperCase() ?? '').join('') || '?'
}

export function UserAvatar({ name, path, version, className, alt = '', size = 36 }: UserAvatarProps) {
  // 0 failures: the sized rendering; 1: the original (a project without image transformations); 2: initials.
  const key = `${path}|${version}|${size}`
  const [failed, setFailed] = useState({ key: '', count: 0 })
  const failures = failed.key === key ? failed.count : 0
  const sized = path && failures === 0 ? avatarSources(path, size, version) : null
  const src = path && failures < 2 ? (sized?.src ?? avatarUrl(supabase, path, version)) : null

  if (src) {
    return (
      <img
        src={src}
        srcSet={sized?.srcSet}
        alt={alt}
        width={size}
        height={size}
        onError={() => setFailed({ key, count: failures + 1 })}
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
