// An upload in progress: a named progress bar with what is sent, the speed and the time left, what happened to the
// connection, and the buttons to pause, resume or cancel it.
import { CloudOff, Pause, Play, RotateCw, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'
import { formatBytes, formatSpeed, formatTimeLeft } from './transfer-meter'
import type { UploadFigures, UploadState } from './upload-machine'

interface UploadProgressProps {
  state: UploadState
  figures: UploadFigures
  onPause: () => void
  onResume: () => void
  onCancel: () => void
}

function detailOf(state: UploadState, figures: UploadFigures): string {
  const amount = `${formatBytes(figures.sent)} of ${formatBytes(figures.total)}`
  if (state.phase === 'paused') return `${amount} · paused`
  if (state.phase === 'retrying') return `${amount} · connection lost, trying again`
  if (state.phase === 'interrupted') return `${amount} · waiting for the connection`
  const speed = figures.bytesPerSecond === null ? 'measuring speed' : formatSpeed(figures.bytesPerSecond)
  const left = figures.secondsLeft === null ? '' : ` · ${formatTimeLeft(figures.secondsLeft)}`
  return `${amount} · ${speed}${left}`
}

export function UploadProgress({ state, figures, onPause, onResume, onCancel }: UploadProgressProps) {
  const name = 'name' in state ? state.name : ''
  const stopped = state.phase === 'paused' || state.phase === 'interrupted'
  return (
    <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium text-slate-900">{name}</span>
        <span className="shrink-0 text-slate-700">{Math.floor(figures.percent)}%</span>
      </div>
      <Progress value={figures.percent} aria-label={`Uploading ${name}`} />
      <p className="text-sm text-slate-700" data-testid="upload-detail">
        {detailOf(state, figures)}
      </p>
      {state.phase === 'interrupted' ? (
        <p className="flex items-start gap-1.5 text-sm text-amber-800">
          <CloudOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The connection dropped. What was sent is kept; the upload continues when you are back online, or resume it
          now.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {stopped ? (
          <Button variant="outline" onClick={onResume}>
            {state.phase === 'paused' ? (
              <Play aria-hidden="true" className="size-4" />
            ) : (
              <RotateCw aria-hidden="true" className="size-4" />
            )}
            Resume upload
          </Button>
        ) : (
          <Button variant="outline" onClick={onPause}>
            <Pause aria-hidden="true" className="size-4" />
            Pause upload
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          <X aria-hidden="true" className="size-4" />
          Cancel upload
        </Button>
      </div>
    </div>
  )
}
