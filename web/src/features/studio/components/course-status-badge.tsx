// A course's state (draft, published, archived) as a small badge with words, not colour alone.
import type { Database } from '@/lib/database.types'
import { cn } from '@/lib/cn'

type CourseStatus = Database['public']['Enums']['course_status']

const styles: Record<CourseStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  published: { label: 'Published', className: 'bg-teal-50 text-teal-900 ring-teal-200' },
  archived: { label: 'Archived', className: 'bg-slate-100 text-slate-800 ring-slate-300' },
}

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { label, className } = styles[status]
  return (
    <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1', className)}>
      {label}
    </span>
  )
}
