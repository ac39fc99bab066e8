// Where a lesson's progress stands when the API could not be reached: "Saved on this device — will sync" while a write
// waits in the outbox, and that the learner is offline (not that something went wrong) while tries keep failing.
import { CloudOff } from 'lucide-react'
import type { OutboxState } from '../lib/progress-outbox'

export function SyncStatus({ lessonId, outbox }: { lessonId: string; outbox: OutboxState }) {
  const pending = outbox.queue.some((entry) => entry.lesson_id === lessonId)
  return (
    <div role="status" className="text-sm">
      {pending ? (
        <p className="flex items-start gap-2 text-amber-900">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            Saved on this device — will sync.
            {outbox.offline ? ' You seem to be offline; we will send it when the connection is back.' : null}
          </span>
        </p>
      ) : null}
    </div>
  )
}
