// The top of the player's lesson column: the curriculum drawer (small screens), the course's title back to its page,
// the Trophy progress popover (not for staff), and the lesson's title.
import { Link } from '@tanstack/react-router'
import type { CurriculumProps } from '@/features/learn/components/curriculum'
import { ProgressPopover } from '@/features/learn/components/progress-popover'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { previewSearch } from '@/lib/courses/preview-mode'
import type { ViewerMode } from '@/lib/courses/viewer-mode'
import { CurriculumDrawer } from './curriculum-drawer'

export interface PlayerHeaderProps {
  outline: CourseOutline
  mode: ViewerMode
  lessonTitle: string
  curriculum: Omit<CurriculumProps, 'onNavigate'>
}

export function PlayerHeader({ outline, mode, lessonTitle, curriculum }: PlayerHeaderProps) {
  return (
    <>
      <div className="flex items-center gap-2">
        <CurriculumDrawer {...curriculum} />
        <Link
          to="/courses/$slug"
          params={{ slug: curriculum.slug }}
          search={previewSearch(mode === 'preview')}
          className="min-w-0 flex-1 truncate text-sm font-medium text-teal-800 hover:underline"
        >
          {outline.course.title}
        </Link>
        {mode !== 'staff' ? (
          <ProgressPopover progress={outline.progress} certificateEnabled={outline.course.certificate_enabled} />
        ) : null}
      </div>
      {/* The instructor's words are in the course's language (WCAG 3.1.2); the player around them in English. */}
      <h1 id="lesson-title" lang={outline.course.language} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {lessonTitle}
      </h1>
    </>
  )
}
