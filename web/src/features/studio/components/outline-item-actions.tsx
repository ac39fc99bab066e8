// Rename and delete for a section or lesson row: the title turns into an input (Enter saves, Escape cancels), and
// delete asks once inline before it goes (a section takes its lessons with it).
import { useState, type ReactNode } from 'react'
import { Check, Pencil, Trash2, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { errorMessage } from '@/lib/errors'
import { outlineTitleSchema } from '../schemas/studio.schemas'

interface OutlineItemActionsProps {
  kind: 'section' | 'lesson'
  title: string
  /** The title as shown when not editing (with its own styling). */
  children: ReactNode
  onRename: (title: string) => Promise<unknown>
  onDelete: () => Promise<unknown>
}

export function OutlineItemActions({ kind, title, children, onRename, onDelete }: OutlineItemActionsProps) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm'>('view')
  const [draft, setDraft] = useState(title)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const noun = kind === 'section' ? 'section' : 'lesson'

  async function run(action: () => Promise<unknown>) {
    setBusy(true)
    setError(null)
    try {
      await action()
      setMode('view')
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  function save() {
    const parsed = outlineTitleSchema.safeParse(draft)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the title.')
    if (parsed.data === title) return setMode('view')
    void run(() => onRename(parsed.data))
  }

  if (mode === 'rename') {
    return (
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-1">
          <Input
            aria-label={`${kind === 'section' ? 'Section' : 'Lesson'} title`}
            value={draft}
            maxLength={120}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save()
              if (event.key === 'Escape') setMode('view')
            }}
            className="h-10"
          />
          <Button size="icon" variant="ghost" aria-label="Save title" disabled={busy} onClick={save}>
            <Check aria-hidden="true" className="size-4" />
          </Button>
          <Button size="icon" variant="ghost" aria-label="Cancel renaming" onClick={() => setMode('view')}>
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
        {error ? <FieldError>{error}</FieldError> : null}
      </div>
    )
  }

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="flex min-w-0 items-center gap-1">
        <div className="min-w-0 flex-1">{children}</div>
        {mode === 'confirm' ? (
          <span className="flex flex-wrap items-center gap-1 text-sm text-slate-800">
            {kind === 'section' ? 'Delete with its lessons?' : 'Delete?'}
            <Button
              variant="outline"
              className="h-9 border-red-300 text-red-800"
              disabled={busy}
              onClick={() => void run(onDelete)}
            >
              Delete {noun}
            </Button>
            <Button variant="ghost" className="h-9" onClick={() => setMode('view')}>
              Keep
            </Button>
          </span>
        ) : (
          <>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Rename ${noun} ${title}`}
              onClick={() => {
                setDraft(title)
                setError(null)
                setMode('rename')
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label={`Delete ${noun} ${title}`}
              onClick={() => setMode('confirm')}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </>
        )}
      </div>
      {error ? <FieldError>{error}</FieldError> : null}
    </div>
  )
}
