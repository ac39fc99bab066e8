// A link into the player for one lesson of a course.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'

export interface LessonLinkProps {
  slug: string
  lessonId: string
  className?: string
  children: ReactNode
}

export function LessonLink({ slug, lessonId, className, children }: LessonLinkProps) {
  return (
    <Link to="/learn/$slug/$lessonId" params={{ slug, lessonId }} className={className}>
      {children}
    </Link>
  )
}
