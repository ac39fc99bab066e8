// The editor's save state in words (Saving…, All changes saved, Offline — will retry, error) and the conflict
// banner that lets the author reload the other version or overwrite it with theirs.
import { CircleAlert, CircleCheck, CloudOff, Loader2 } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { errorMessage } from '@/lib/errors'
import type { AutosaveStatus } from '../lib/autosave-queue'

export function AutosaveStatusText({ status, error }: { status: AutosaveStatus; error: unknown }) {
  const base = 'inline-flex items-center gap-1.5 text-sm'
  return (
    <p role="status" className="min-h-5">
      {status === 'saving' || status === 'pending' ? (
        <span className={`${base} text-slate-600`}>
          <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          Saving…
        </span>
      ) : status === 'saved' ? (
        <span className={`${base} text-teal-800`}>
          <CircleCheck aria-hidden="true" className="size-4" />
          All changes saved
        </span>
      ) : status === 'offline' ? (
        <span className={`${base} text-amber-800`}>
          <CloudOff aria-hidden="true" className="size-4" />
          Not saved yet: we can't reach Summit. Your edits are kept and we keep trying.
        </span>
      ) : status === 'error' ? (
        <span className={`${base} text-red-700`}>
          <CircleAlert aria-hidden="true" className="size-4" />
          Not saved: {errorMessage(error)}
        </span>
      ) : null}
    </p>
  )
}

interface ConflictBannerProps {
  /** What was saved elsewhere: "course" or "lesson". */
  subject: 'course' | 'lesson'
  onReload: () => void
  onOverwrite: () => void
}

/** A save met a newer version saved elsewhere: load that version, or keep mine and save over it. */
export function ConflictBanner({ subject, onReload, onOverwrite }: ConflictBannerProps) {
  return (
    <Alert tone="error" title={`This ${subject} was changed somewhere else`}>
      <p>
        Someone (perhaps you, in another tab) saved this {subject} after you opened it. Your latest edits are not saved
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
