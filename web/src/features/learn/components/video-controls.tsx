// The row under a video lesson: playback speed, "Continue at mm:ss" when another device moved on, theatre mode (wide
// screens) and the button that lists the keyboard shortcuts.
import { Keyboard, Play, RectangleHorizontal } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { continueLabel } from '../lib/player-text'
import { PlaybackSpeed } from './playback-speed'

export interface VideoControlsProps {
  rate: number
  onRateChange: (rate: number) => void
  continueAt: number | null
  onContinue: () => void
  theatre?: boolean
  /** Without it there is no theatre mode button. */
  onTheatreChange?: (on: boolean) => void
  onShowShortcuts: () => void
}

export function VideoControls({ continueAt, theatre, onTheatreChange, ...props }: VideoControlsProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PlaybackSpeed value={props.rate} onChange={props.onRateChange} />
      {continueAt !== null ? (
        <Button variant="outline" onClick={props.onContinue}>
          <Play aria-hidden="true" className="size-4" />
          {continueLabel(continueAt)}
        </Button>
      ) : null}
      <div className="ml-auto flex items-center gap-2">
        {onTheatreChange ? (
          <Button
            variant="outline"
            aria-pressed={Boolean(theatre)}
            onClick={() => onTheatreChange(!theatre)}
            className="hidden lg:inline-flex"
          >
            <RectangleHorizontal aria-hidden="true" className="size-4" />
            Theatre mode
          </Button>
        ) : null}
        <Button variant="outline" onClick={props.onShowShortcuts} aria-keyshortcuts="Shift+?">
          <Keyboard aria-hidden="true" className="size-4" />
          Shortcuts
        </Button>
      </div>
    </div>
  )
}
