// The crop frame: a 16:9 preview of what the cover will show (another aspect for other images: a school's logo is
// square). Drag the image (pointer or touch) or focus the preview and use the arrow keys to move it, + and - or the
// slider to zoom. The preview is redrawn on a canvas from the same rectangle that is uploaded, so what the author
// sees is what learners get.
import { useEffect, useId, useRef } from 'react'
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { drawCrop } from '../lib/render-crop'
import { coverAspect, maxZoom, moveCrop, sourceRect, zoomCrop, type CropState } from '../lib/crop'

export interface CoverCropperProps {
  image: HTMLImageElement
  crop: CropState
  onChange: (crop: CropState) => void
  /** Width over height of the result; the course card's 16:9 by default. */
  aspect?: number
  /** What is being cropped, in the frame's name and help ("cover", "logo"). */
  subject?: string
}

const keyStep = 0.1

// "Show more of the left" moves the frame left over the image.
const moveButtons = [
  { label: 'Show more of the left', icon: ArrowLeft, dx: -keyStep, dy: 0 },
  { label: 'Show more of the right', icon: ArrowRight, dx: keyStep, dy: 0 },
  { label: 'Show more of the top', icon: ArrowUp, dx: 0, dy: -keyStep },
  { label: 'Show more of the bottom', icon: ArrowDown, dx: 0, dy: keyStep },
] as const

export function CoverCropper({ image, crop, onChange, aspect = coverAspect, subject = 'cover' }: CoverCropperProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const drag = useRef<{ x: number; y: number } | null>(null)
  const helpId = useId()
  const zoomId = useId()
  const width = image.naturalWidth
  const height = image.naturalHeight

  useEffect(() => {
    if (canvasRef.current) drawCrop(canvasRef.current, image, sourceRect(crop, width, height, aspect))
  }, [image, crop, width, height, aspect])

  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.shiftKey ? keyStep * 5 : keyStep
    // Arrow keys move the image under the frame, as dragging does: right shows more of the left side.
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      onChange(moveCrop(crop, move[0], move[1], width, height, aspect))
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault()
      onChange(zoomCrop(crop, crop.zoom + 0.25, width, height, aspect))
    } else if (event.key === '-') {
      event.preventDefault()
      onChange(zoomCrop(crop, crop.zoom - 0.25, width, height, aspect))
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- a two-dimensional crop frame has no ARIA widget role; it is a described, focusable group whose arrow keys move the image, and the buttons below do the same for screen readers in browse mode */}
      <div
        role="group"
        aria-roledescription="crop frame"
        aria-label={`${subject[0]?.toUpperCase() ?? ''}${subject.slice(1)} crop`}
        aria-describedby={helpId}
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- focusable for its arrow keys (see above)
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY }
          event.currentTarget.setPointerCapture(event.pointerId)
        }}
        onPointerMove={(event) => {
          if (!drag.current) return
          const box = event.currentTarget.getBoundingClientRect()
          const dx = (drag.current.x - event.clientX) / box.width
          const dy = (drag.current.y - event.clientY) / box.height
          drag.current = { x: event.clientX, y: event.clientY }
          onChange(moveCrop(crop, dx, dy, width, height))
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        style={{ aspectRatio: aspect }}
        className="w-full cursor-move touch-none overflow-hidden rounded-lg border border-slate-300 bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <canvas
          ref={canvasRef}
          width={640}
          height={Math.round(640 / aspect)}
          aria-hidden="true"
          className="size-full"
        />
      </div>
      <p id={helpId} className="text-sm text-slate-600">
        Drag the image, or focus the preview and use the arrow keys, to choose what the {subject} shows. Zoom with + and
        − or the slider.
      </p>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Move the image">
        {moveButtons.map(({ label, icon: Icon, dx, dy }) => (
          <Button
            key={label}
            variant="outline"
            size="icon"
            aria-label={label}
            onClick={() => onChange(moveCrop(crop, dx, dy, width, height, aspect))}
          >
            <Icon aria-hidden="true" className="size-4" />
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-slate-900">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={maxZoom}
          step={0.05}
          value={crop.zoom}
          aria-valuetext={`${Math.round(crop.zoom * 100)}%`}
          onChange={(event) => onChange(zoomCrop(crop, Number(event.target.value), width, height, aspect))}
          className="w-full max-w-xs accent-teal-700"
        />
      </div>
    </div>
  )
}
