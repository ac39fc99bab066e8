// The "mark complete" tick on a lesson row of the course page, for enrolled learners (and its inert twin in a learner
// preview). The learn feature's progress mutation updates the outline optimistically and rolls back if the server
// refuses (e.g. a lesson still locked).
import { Checkbox } from '@/components/ui/checkbox'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { useSetLessonComplete } from '@/features/learn/api/progress.mutations'

export function LessonCompleteCheckbox({ slug, lesson }: { slug: string; lesson: OutlineLesson }) {
  const setComplete = useSetLessonComplete(slug)
  const completed = lesson.progress?.status === 'completed'
  return (
    <Checkbox
      checked={completed}
      disabled={!lesson.available}
      onCheckedChange={(checked) => setComplete.mutate({ lessonId: lesson.id, completed: checked === true })}
      aria-label={`Completed: ${lesson.title}`}
    />
  )
}

/** The same tick in a learner preview: shown where a learner has it, never written. */
export function PreviewLessonCheckbox({ lesson }: { lesson: OutlineLesson }) {
  return <Checkbox checked={false} disabled aria-label={`Completed: ${lesson.title} (not recorded in a preview)`} />
}
