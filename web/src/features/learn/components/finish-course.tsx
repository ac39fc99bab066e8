// "Finish course" and when the completion moment opens: the button on the last lesson ticks it and opens the moment
// (./finish-moment); the course becoming complete while any lesson is open (its checkbox, another tab) opens it too,
// so the route renders it on every lesson.
import { useEffect, useRef, useState } from 'react'
import { Flag } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { lessonsInOrder } from '@/lib/courses/lessons'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { errorMessage } from '@/lib/errors'
import { Spinner } from '@/components/ui/spinner'
import { useSetLessonComplete } from '../api/progress.mutations'
import type { ProgressSnapshot } from '../lib/progress-saver'

/** Whether the moment is open: it opens by itself when the course becomes complete while the page is open. */
export function useFinishMoment(outline: CourseOutline): { open: boolean; setOpen: (open: boolean) => void } {
  const [open, setOpen] = useState(false)
  const done = courseDone(outline)
  // Arriving at an already finished course is not the moment; finishing it here (any lesson, any tab) is.
  const wasDone = useRef(done)
  useEffect(() => {
    if (done && !wasDone.current) setOpen(true)
    wasDone.current = done
  }, [done])
  return { open, setOpen }
}

export function courseDone(outline: CourseOutline): boolean {
  return (
    outline.progress.total > 0 && lessonsInOrder(outline).every((lesson) => lesson.progress?.status === 'completed')
  )
}

export interface FinishCourseProps {
  outline: CourseOutline
  lessonId: string
  live?: () => ProgressSnapshot | null
  /** Called once the last lesson is ticked: the route opens the moment. */
  onFinished: () => void
}

export function FinishCourse({ outline, lessonId, live, onFinished }: FinishCourseProps) {
  const setComplete = useSetLessonComplete(outline.course.slug)

  function finish() {
    const snapshot = live?.() ?? null
    setComplete.mutate({ lessonId, completed: true, ...(snapshot ?? {}) }, { onSuccess: onFinished })
  }

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <Button onClick={finish} disabled={setComplete.isPending} className="min-h-11">
        {setComplete.isPending ? <Spinner /> : <Flag aria-hidden="true" className="size-4" />}
        Finish course
      </Button>
      {setComplete.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(setComplete.error)}
        </p>
      ) : null}
    </div>
  )
}
