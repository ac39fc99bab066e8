// What the school's staff see on their course's page and lessons: the course's state when learners cannot find it
// (Draft, Archived), that nothing they do here counts as progress, and the ways to the editor and to a learner
// preview (of this lesson in the player, of the course page otherwise).
import { Link } from '@tanstack/react-router'
import { Eye, PencilLine } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { OutlineCourse } from '@/lib/courses/course-outline.schema'
import { cn } from '@/lib/cn'

const stateBadges = {
  draft: { label: 'Draft', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  archived: { label: 'Archived', className: 'bg-slate-100 text-slate-800 ring-slate-300' },
} as const

export interface StaffBarProps {
  course: Pick<OutlineCourse, 'id' | 'slug' | 'status'>
  /** In the player: the lesson open, so the preview opens on it. */
  lessonId?: string
}

export function StaffBar({ course, lessonId }: StaffBarProps) {
  const badge = course.status === 'published' ? null : stateBadges[course.status]
  return (
    <section
      aria-label="For the course's staff"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:px-4"
    >
      <p className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm text-slate-700">
        {badge ? (
          <span
            className={cn(
              'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1',
              badge.className,
            )}
          >
            <span className="sr-only">Course state: </span>
            {badge.label}
          </span>
        ) : null}
        <span>You are previewing as staff: every lesson is open to you and no progress is recorded.</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" className="shrink-0">
          {lessonId ? (
            <Link to="/learn/$slug/$lessonId" params={{ slug: course.slug, lessonId }} search={{ preview: 'learner' }}>
              <Eye aria-hidden="true" className="size-4" />
              Preview as learner
            </Link>
          ) : (
            <Link to="/courses/$slug" params={{ slug: course.slug }} search={{ preview: 'learner' }}>
              <Eye aria-hidden="true" className="size-4" />
              Preview as learner
            </Link>
          )}
        </Button>
        <Button asChild className="shrink-0">
          <Link to="/studio/courses/$courseId" params={{ courseId: course.id }}>
            <PencilLine aria-hidden="true" className="size-4" />
            Edit in studio
          </Link>
        </Button>
      </div>
    </section>
  )
}
