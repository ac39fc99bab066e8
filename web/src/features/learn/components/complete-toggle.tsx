// "Mark complete": the lesson's Checkbox with the reason it is not complete yet. Optimistic (see
// useSetLessonComplete); a refused write rolls the tick back and says why. In a learner preview it is shown as the
// learner sees it, but disabled: a preview records nothing.
import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { errorMessage } from '@/lib/errors'
import { useSetLessonComplete } from '../api/progress.mutations'
import type { ProgressSnapshot } from '../lib/progress-saver'
import { incompleteReason } from '../lib/player-text'

export interface CompleteToggleProps {
  slug: string
  lesson: OutlineLesson
  /** The player's live position and seconds watched, sent with the tick. */
  live?: () => ProgressSnapshot | null
  /** A member's learner preview: the checkbox is there, inert. */
  previewing?: boolean
}

export function CompleteToggle({ slug, lesson, live, previewing = false }: CompleteToggleProps) {
  const id = useId()
  const setComplete = useSetLessonComplete(slug)
  const done = lesson.progress?.status === 'completed'
  const reason = incompleteReason(lesson)
  const error = setComplete.isError ? errorMessage(setComplete.error) : null

  function toggle(checked: boolean) {
    const snapshot = live?.() ?? null
    setComplete.mutate({ lessonId: lesson.id, completed: checked, ...(snapshot ?? {}) })
  }

  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <Checkbox
          id={id}
          checked={done}
          disabled={previewing}
          onCheckedChange={(checked) => toggle(checked === true)}
          aria-describedby={`${id}-reason`}
        />
        <Label htmlFor={id} className="text-base">
          Mark complete
        </Label>
      </div>
      <p id={`${id}-reason`} className="pl-8 text-sm text-slate-600">
        {previewing ? `${reason}. In a preview, nothing is recorded.` : done ? completedText(lesson) : reason}
      </p>
      {error ? (
        <p role="alert" className="pl-8 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function completedText(lesson: OutlineLesson) {
  return lesson.progress?.completed_by === 'rule' ? 'Completed: you watched the video.' : 'Completed.'
}
