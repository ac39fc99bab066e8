// Where a lesson's progress stands when the API could not be reached: "Saved on this device — will sync" while a write
// waits in the outbox, and that the learner is offline (not that something went wrong) while tries keep failing.
// And, quietly, when live updates from the learner's other tabs and devices are paused (the Realtime channel was
// refused or closed): what they do elsewhere shows when this tab is next focused, and live again once it rejoins.
import { CloudOff, PauseCircle } from 'lucide-react'
import { cn } from '@/lib/cn'
import type { OutboxState } from '../lib/progress-outbox'
import type { ProgressSyncStatus } from '../use-progress-sync'

export function SyncStatus({
  lessonId,
  outbox,
  live = 'off',
}: {
  lessonId: string
  outbox: OutboxState
  live?: ProgressSyncStatus
}) {
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
      {live === 'paused' ? <LivePaused /> : null}
    </div>
  )
}

/** The quiet note: progress is still saved; only the live view of other tabs and devices waits. */
export function LivePaused({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-slate-600', className)} data-live-updates="paused">
      <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        Live updates paused. Your progress is saved; changes from your other devices show when you come back here.
      </span>
    </p>
  )
}
