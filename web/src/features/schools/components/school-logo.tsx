// A school's logo: the square image from the course-covers bucket at the size shown, or the school's initial on its
// accent (a calm teal when it has none) when there is no logo or it fails to load. Decorative: the school's name is
// always written beside it.
import { useState } from 'react'
import { cn } from '@/lib/cn'
import { accentTextHex, type AccentText } from '@/lib/schools/accent'
import { logoSources, logoUrl } from '@/lib/schools/logo-url'

interface SchoolLogoProps {
  name: string
  path: string | null
  accentColor?: string | null
  accentText?: AccentText | null
  /** CSS pixels. */
  size: number
  className?: string
}

export function SchoolLogo({ name, path, accentColor, accentText, size, className }: SchoolLogoProps) {
  // 0: the sized rendering; 1: the original (no image transformations); 2: the initial.
  const [failed, setFailed] = useState({ path: '', count: 0 })
  const failures = failed.path === path ? failed.count : 0
  const sized = path && failures === 0 ? logoSources(path, size) : null
  const src = path && failures < 2 ? (sized?.src ?? logoUrl(path)) : null
  const box = cn('shrink-0 rounded-lg', className)

  if (src) {
    return (
      <img
        src={src}
        srcSet={sized?.srcSet}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        onError={() => setFailed({ path: path ?? '', count: failures + 1 })}
        className={cn(box, 'bg-white object-cover')}
      />
    )
  }
  const colored = accentColor && accentText
  return (
    <span
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.45,
        ...(colored ? { backgroundColor: accentColor, color: accentTextHex(accentText) } : {}),
      }}
      className={cn(box, 'inline-flex items-center justify-center font-semibold', !colored && 'bg-teal-700 text-white')}
    >
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  )
}
