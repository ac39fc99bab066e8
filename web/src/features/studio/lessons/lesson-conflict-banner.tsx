// Shown when a lesson save met a newer version saved elsewhere: load that version, or keep mine and save over it.
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

interface LessonConflictBannerProps {
  onReload: () => void
  onOverwrite: () => void
}

export function LessonConflictBanner({ onReload, onOverwrite }: LessonConflictBannerProps) {
  return (
    <Alert tone="error" title="This lesson was changed somewhere else">
      <p>
        Someone (perhaps you, in another tab) saved this lesson after you opened it. Your latest edits are not saved
        yet. Load their version, or keep yours and save over it.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="outline" onClick={onReload}>
          Load the saved version
        </Button>
        <Button onClick={onOverwrite}>Keep my edits</Button>
      </div>
    </Alert>
  )
}
