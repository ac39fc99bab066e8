// A link into the player for one lesson of a course; inside a learner preview it stays in the preview.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { previewSearch, usePreviewMode } from '@/lib/courses/preview-mode'

export interface LessonLinkProps {
  slug: string
  lessonId: string
  className?: string
  children: ReactNode
}

export function LessonLink({ slug, lessonId, className, children }: LessonLinkProps) {
  const previewing = usePreviewMode()
  return (
    <Link
      to="/learn/$slug/$lessonId"
      params={{ slug, lessonId }}
      search={previewSearch(previewing)}
      className={className}
    >
      {children}
    </Link>
  )
}
