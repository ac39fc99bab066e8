// A file picker drawn as a zone to drop a file on, or click to choose one: the studio's uploads (video, captions,
// attachments) share it. The control is a real file input (visually hidden, still in the tab order and named by
// the field's label), so the keyboard, screen readers and tests reach it as any file input; the zone shows its
// focus ring, and a drag over it highlights it. A drop hands over the first file, as choosing one does.
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { FieldError } from '@/components/ui/field'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'

export interface FileDropZoneProps {
  /** The field's label, and the file input's name ("Upload a video"). */
  label: string
  accept: string
  hint?: ReactNode
  error?: string | undefined
  disabled?: boolean
  icon: LucideIcon
  /** What the zone says it takes ("a video", "a PDF"). */
  noun: string
  onFile: (file: File) => void
}

export function FileDropZone({ label, accept, hint, error, disabled, icon: Icon, noun, onFile }: FileDropZoneProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)

  function dragOver(event: DragEvent<HTMLDivElement>) {
    if (!event.dataTransfer.types.includes('Files')) return
    // Taken even while busy: a file let go here must never make the browser leave the page to open it.
    event.preventDefault()
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy'
    setOver(!disabled)
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file && !disabled) onFile(file)
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
      {/* Pointer users click or drop here; keyboard and screen reader users are on the input, whose focus it shows. */}
      <div
        aria-hidden="true"
        data-testid="file-drop-zone"
        data-over={over || undefined}
        onClick={() => (disabled ? undefined : input.current?.click())}
        onDragOver={dragOver}
        onDragEnter={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-teal-600 peer-focus-visible:ring-offset-2',
          disabled
            ? 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-600'
            : 'cursor-pointer border-slate-300 bg-white text-slate-700 hover:border-teal-600 hover:bg-teal-50',
          'data-[over]:border-teal-700 data-[over]:bg-teal-50',
          error && 'border-red-600',
        )}
      >
        <Icon className="size-6 text-slate-500" />
        <span>
          Drop {noun} here, or <span className="font-medium text-teal-800 underline">choose a file</span>
        </span>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  )
}
