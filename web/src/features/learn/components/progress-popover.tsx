// The `Trophy` button: a popover with the course progress ("n of m lessons · p% · certificate at 100%"). The button is
// the page's; its panel (./progress-panel, with Radix Popover's positioning) loads on its first opening or once the
// page has loaded.
import { useRef, useState } from 'react'
import { Trophy } from 'lucide-react'
import { lazyOverlay } from '@/components/lazy-overlay'
import { Button } from '@/components/ui/button'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { trophySummary } from '../lib/player-text'

const ProgressPanel = lazyOverlay(() => import('./progress-panel').then((m) => m.ProgressPanel))

export function ProgressPopover({
  progress,
  certificateEnabled,
}: {
  progress: CourseOutline['progress']
  certificateEnabled: boolean
}) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        className="gap-2 px-3"
        aria-label={`Course progress: ${progress.percent}%`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Trophy aria-hidden="true" className="size-5 text-amber-600" />
        <span aria-hidden="true" className="tabular-nums">
          {progress.percent}%
        </span>
      </Button>
      <ProgressPanel
        open={open}
        onOpenChange={setOpen}
        trigger={trigger}
        summary={trophySummary(progress, certificateEnabled)}
        percent={progress.percent}
      />
    </>
  )
}
