// The `Trophy` button: a popover with the course progress ("n of m lessons · p% · certificate at 100%").
import { Trophy } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Progress } from '@/components/ui/progress'
import type { CourseOutline } from '@/lib/courses/course-outline.schema'
import { trophySummary } from '../lib/player-text'

export function ProgressPopover({
  progress,
  certificateEnabled,
}: {
  progress: CourseOutline['progress']
  certificateEnabled: boolean
}) {
  const summary = trophySummary(progress, certificateEnabled)
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" className="gap-2 px-3" aria-label={`Course progress: ${progress.percent}%`}>
          <Trophy aria-hidden="true" className="size-5 text-amber-600" />
          <span aria-hidden="true" className="tabular-nums">
            {progress.percent}%
          </span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-label="Course progress" className="flex flex-col gap-3">
        <p className="font-medium text-slate-900">{summary}</p>
        <Progress value={progress.percent} aria-label="Course progress" />
      </PopoverContent>
    </Popover>
  )
}
