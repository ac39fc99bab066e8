// What a locked lesson shows instead of its content: why it is locked and the way back to the course page (the
// database refuses the content anyway; this only explains).
import { Link } from '@tanstack/react-router'
import { Lock } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { lockReasonText } from '@/lib/courses/lessons'
import type { LessonLock } from '@/lib/courses/course-outline.schema'
import { previewSearch, usePreviewMode } from '@/lib/courses/preview-mode'

export function LockedLesson({ slug, lock }: { slug: string; lock: LessonLock | null }) {
  const previewing = usePreviewMode()
  const reason = lock ? lockReasonText(lock) : 'This lesson is not open to you.'
  return (
    <section
      aria-labelledby="locked-title"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <Lock aria-hidden="true" className="size-10 text-slate-400" />
      <h2 id="locked-title" className="text-lg font-semibold text-slate-900">
        This lesson is locked
      </h2>
      <p className="max-w-prose text-slate-600">
        {lock?.reason === 'enroll' ? 'Enroll in this course on the course page to open this lesson.' : `${reason}.`}
      </p>
      <Button asChild variant={lock?.reason === 'enroll' ? 'primary' : 'outline'}>
        <Link to="/courses/$slug" params={{ slug }} search={previewSearch(previewing)}>
          {lock?.reason === 'enroll' ? 'Go to the course page to enroll' : 'Back to the course'}
        </Link>
      </Button>
    </section>
  )
}
