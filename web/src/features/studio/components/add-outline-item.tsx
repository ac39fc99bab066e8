// "Add section" and "Add lesson": a title (and, for a lesson, its kind: video, text or quiz) added at the end.
import { useId, useState } from 'react'
import { Plus } from 'lucide-react'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SubmitButton } from '@/components/submit-button'
import { errorMessage } from '@/lib/errors'
import type { LessonKind } from '../api/curriculum.api'
import { outlineTitleSchema } from '../schemas/studio.schemas'

interface AddOutlineItemProps {
  kind: 'section' | 'lesson'
  /** Names the input, e.g. "New lesson in Basics". */
  label: string
  onAdd: (values: { title: string; kind: LessonKind }) => Promise<unknown>
}

export function AddOutlineItem({ kind, label, onAdd }: AddOutlineItemProps) {
  const [title, setTitle] = useState('')
  const [lessonKind, setLessonKind] = useState<LessonKind>('video')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const errorId = useId()

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = outlineTitleSchema.safeParse(title)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the title.')
    setBusy(true)
    setError(null)
    try {
      await onAdd({ title: parsed.data, kind: lessonKind })
      // The field empties for the next title, unless the next one is already being typed (the new item can show
      // before this answer arrives).
      setTitle((current) => (current === title ? '' : current))
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label={label}
          placeholder={kind === 'section' ? 'New section title' : 'New lesson title'}
          value={title}
          maxLength={120}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setTitle(event.target.value)}
          className="h-10 flex-1 basis-48"
        />
        {kind === 'lesson' ? (
          <select
            aria-label="Lesson kind"
            value={lessonKind}
            onChange={(event) => setLessonKind(event.target.value as LessonKind)}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-base text-slate-900"
          >
            <option value="video">Video</option>
            <option value="text">Text</option>
            <option value="quiz">Quiz</option>
          </select>
        ) : null}
        <SubmitButton busy={busy} variant="outline" className="h-10">
          <Plus aria-hidden="true" className="size-4" />
          {kind === 'section' ? 'Add section' : 'Add lesson'}
        </SubmitButton>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </form>
  )
}
