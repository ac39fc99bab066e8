// Ticks and progress from the learner's other tabs and devices arrive while the course page is open; if live updates
// pause (the channel was refused or closed), a quiet note says so at the bottom of the screen, where the app's
// offline note shows. It comes and goes over the page rather than in it: a line added at the top of the page moved
// the outline down under a learner's pointer as they ticked a lesson. Clicks pass through it, and it gives way to the
// offline note, which already says what is kept.
import { LivePaused } from '@/features/learn/components/sync-status'
import { useProgressSync } from '@/features/learn/use-progress-sync'
import { useApiUnreachable } from '@/lib/connection'

export function LiveProgress({ slug }: { slug: string }) {
  const status = useProgressSync(slug)
  const offline = useApiUnreachable()
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-3 z-30 flex justify-center px-3"
      data-progress-sync={status}
    >
      {status === 'paused' && !offline ? (
        <LivePaused className="max-w-lg rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-md" />
      ) : null}
    </div>
  )
}
