// The video lesson's live region: what a keyboard shortcut changed, the offer to continue where another device got
// to, and a progress save that failed.
import { errorMessage } from '@/lib/errors'
import { continueLabel } from '../lib/player-text'

export interface VideoAnnouncementsProps {
  announcement: string
  continueAt: number | null
  saveError: unknown
}

export function VideoAnnouncements({ announcement, continueAt, saveError }: VideoAnnouncementsProps) {
  return (
    <div aria-live="polite" className="text-sm">
      <span className="sr-only">{announcement}</span>
      {continueAt !== null ? (
        <span className="sr-only">
          You watched further on another device. {continueLabel(continueAt)} is available.
        </span>
      ) : null}
      {saveError ? <p className="text-red-700">Your progress was not saved: {errorMessage(saveError)}</p> : null}
    </div>
  )
}
