// Previous / next lesson links, and "Finish course" in place of "Next" on the last lesson.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { previewSearch, usePreviewMode } from '@/lib/courses/preview-mode'

export interface LessonNavProps {
  slug: string
  prev: OutlineLesson | null
  next: OutlineLesson | null
  /** Shown when there is no next lesson (enrolled learners). */
  finish?: ReactNode
}

export function LessonNav({ slug, prev, next, finish }: LessonNavProps) {
  const search = previewSearch(usePreviewMode())
  return (
    <nav aria-label="Lessons" className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {prev ? (
        <Button asChild variant="outline" className="h-auto min-h-11 justify-start py-2">
          <Link to="/learn/$slug/$lessonId" params={{ slug, lessonId: prev.id }} search={search} rel="prev">
            <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
            <span className="flex min-w-0 flex-col items-start">
              <span className="text-xs text-slate-600">Previous</span>
              <span className="truncate">{prev.title}</span>
            </span>
          </Link>
        </Button>
      ) : (
        <span />
      )}
      {next ? (
        <Button asChild className="h-auto min-h-11 justify-end py-2">
          <Link to="/learn/$slug/$lessonId" params={{ slug, lessonId: next.id }} search={search} rel="next">
            <span className="flex min-w-0 flex-col items-end">
              <span className="text-xs text-teal-100">Next</span>
              <span className="truncate">{next.title}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
          </Link>
        </Button>
      ) : (
        finish
      )}
    </nav>
  )
}
