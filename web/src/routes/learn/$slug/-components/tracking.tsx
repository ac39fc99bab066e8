// Opening a lesson marks it in progress (and makes it the course's "continue" lesson); learners who cannot save
// progress here (a visitor on a preview, the course's staff) are told why nothing is ticked.
import { useEffect, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Info } from 'lucide-react'
import type { CourseOutline, OutlineLesson } from '@/lib/courses/course-outline.schema'
import { useSaveProgress } from '@/features/learn/api/progress.mutations'

export function useMarkOpened({ lesson, canSave }: { lesson: OutlineLesson | null; canSave: boolean }) {
  const { mutate } = useSaveProgress()
  const marked = useRef<string | null>(null)
  const lessonId = lesson?.id ?? null
  const progress = lesson?.progress ?? null

  useEffect(() => {
    if (!canSave || !lessonId || marked.current === lessonId) return
    marked.current = lessonId
    mutate({
      lesson_id: lessonId,
      position_s: progress?.position_s ?? 0,
      watched_s: progress?.watched_s ?? 0,
      // Dated as the row we loaded, so a newer position saved by another device is kept.
      observed_at: progress?.updated_at ?? new Date().toISOString(),
    })
    // Once per lesson opened: later progress changes must not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [canSave, lessonId, mutate])
}

export function TrackingNote({ slug, outline }: { slug: string; outline: CourseOutline }) {
  const text = outline.viewer.is_member
    ? 'You are previewing this lesson as the course’s staff; progress is not recorded.'
    : outline.viewer.signed_in
      ? 'This is a free preview. Enroll to keep track of your progress.'
      : 'This is a free preview. Sign up and enroll to keep track of your progress.'
  return (
    <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        {text}{' '}
        {!outline.viewer.is_member ? (
          <Link to="/courses/$slug" params={{ slug }} className="font-medium underline">
            Go to the course page
          </Link>
        ) : null}
      </span>
    </p>
  )
}
