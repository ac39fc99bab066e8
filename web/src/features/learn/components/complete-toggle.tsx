// "Mark complete": the lesson's Checkbox with the reason it is not complete yet. Optimistic (see
// useSetLessonComplete); a refused write rolls the tick back and says why. In a learner preview it is shown as the
// learner sees it, but disabled: a preview records nothing. A tick waiting on this device (the API was unreachable)
// is drawn as made, with "Saved on this device — will sync" below it; paused live updates are said there too.
import { useId } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import type { OutlineLesson } from '@/lib/courses/course-outline.schema'
import { errorMessage } from '@/lib/errors'
import { useOutboxState } from '../api/progress-outbox'
import { useSetLessonComplete } from '../api/progress.mutations'
import type { ProgressSnapshot } from '../lib/progress-saver'
import { incompleteReason } from '../lib/player-text'
import type { ProgressSyncStatus } from '../use-progress-sync'
import { SyncStatus } from './sync-status'

export interface CompleteToggleProps {
  slug: string
  lesson: OutlineLesson
  /** The player's live position and seconds watched, sent with the tick. */
  live?: () => ProgressSnapshot | null
  /** A member's learner preview: the checkbox is there, inert. */
  previewing?: boolean
  /** How live progress from the learner's other tabs and devices stands (a pause is said quietly). */
  liveSync?: ProgressSyncStatus
}

export function CompleteToggle({ slug, lesson, live, previewing = false, liveSync }: CompleteToggleProps) {
  const id = useId()
  const setComplete = useSetLessonComplete(slug)
  const outbox = useOutboxState()
  const waiting = outbox.queue.find((entry) => entry.lesson_id === lesson.id)?.completed
  // The learner's own tick waiting to be sent wins over an outline loaded before it arrived.
  const done = waiting ?? lesson.progress?.status === 'completed'
  const reason = incompleteReason(lesson)
  const error = setComplete.isError ? errorMessage(setComplete.error) : null

  function toggle(checked: boolean) {
    const snapshot = live?.() ?? null
    setComplete.mutate({ lessonId: lesson.id, completed: checked, ...(snapshot ?? {}) })
  }

  return (
    <div className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white px-4 py-3">
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
        {previewing
          ? `${reason}. In a preview, nothing is recorded.`
          : done
            ? completedText(lesson)
            : (reason ?? incompleteReason({ ...lesson, progress: null }))}
      </p>
      {previewing ? null : (
        <div className="pl-8">
          <SyncStatus lessonId={lesson.id} outbox={outbox} live={liveSync} />
        </div>
      )}
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
