// Ticks and progress from the learner's other tabs and devices arrive while the course page is open; if live updates
// pause (the channel was refused or closed), a quiet note says so.
import { LivePaused } from '@/features/learn/components/sync-status'
import { useProgressSync } from '@/features/learn/use-progress-sync'

export function LiveProgress({ slug }: { slug: string }) {
  const status = useProgressSync(slug)
  return (
    <div role="status" className="text-sm empty:hidden" data-progress-sync={status}>
      {status === 'paused' ? <LivePaused /> : null}
    </div>
  )
}
