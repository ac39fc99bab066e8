// One note: its moment ("At 3:12", a button that seeks the video there when the video is on the page), the markdown
// body, and Edit / Delete (Delete asks once more, in place, before it goes).
import { useState } from 'react'
import { Pencil, Play, Trash2 } from 'lucide-react'
import type { ComposerProps } from '@/components/composer'
import { LazyMarkdown } from '@/components/lazy-markdown'
import { lazyRetrying } from '@/components/lazy-retrying'
import { LoadingBlocks } from '@/components/loading-blocks'
import { Button } from '@/components/ui/button'
import { loadSoonAfterPageLoad } from '@/lib/after-page-load'
import { errorMessage } from '@/lib/errors'
import type { NoteRow } from '../api/notes.api'
import { useDeleteNote, useUpdateNote } from '../api/notes.mutations'
import { noteBodySchema } from '../lib/note.schema'
import { formatClock } from '@/lib/format/clock'
import { spokenClock } from '@/lib/format/duration'

// The edit form shows only after Edit, so its code (the composer, with react-hook-form and its zod resolver, about
// 16 KiB gzip) is not in "My notes"' first load: it loads once the page has loaded and the browser is idle, or at
// the first Edit if that comes sooner. After a failed load, the next Edit loads it again.
const loadComposer = loadSoonAfterPageLoad(() => import('@/components/composer'))
const Composer = lazyRetrying<ComposerProps>(
  () => loadComposer().then((m) => m.Composer),
  <LoadingBlocks label="Loading the editor" blocks={['h-32 w-full', 'h-10 w-48']} />,
)

export interface NoteItemProps {
  note: NoteRow
  userId: string
  /** Seeks the lesson's video; absent where there is no video (text lessons, the "My notes" page). */
  onSeek?: ((seconds: number) => void) | undefined
  headingLevel?: 'h3' | 'h4'
}

export function NoteItem({ note, userId, onSeek, headingLevel: Heading = 'h3' }: NoteItemProps) {
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateNote(userId)
  const remove = useDeleteNote(userId)
  const moment = note.at_s === null ? null : formatClock(note.at_s)

  return (
    <article
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3"
      aria-label={moment ? `Note at ${moment}` : 'Note on the whole lesson'}
    >
      <Heading className="text-sm font-semibold text-slate-700">
        {note.at_s !== null && onSeek ? (
          <button
            type="button"
            onClick={() => onSeek(note.at_s ?? 0)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded text-teal-800 underline underline-offset-2 hover:text-teal-900"
            // The visible "At 3:12" starts the name (WCAG 2.5.3), then what the button does, in words.
            aria-label={`At ${moment}: play the video from ${spokenClock(note.at_s)}`}
          >
            <Play aria-hidden="true" className="size-4" />
            At {moment}
          </button>
        ) : moment ? (
          `At ${moment}`
        ) : (
          'On the whole lesson'
        )}
      </Heading>
      {editing ? (
        <Composer
          label="Edit note"
          hint="Markdown works: **bold**, lists, links."
          draftKey={`note-edit:${userId}:${note.id}`}
          initialText={note.body}
          schema={noteBodySchema}
          submitLabel="Save note"
          busyLabel="Saving…"
          rows={4}
          focusOnMount
          onSubmit={async (body) => {
            await update.mutateAsync({ id: note.id, body })
            setEditing(false)
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <LazyMarkdown source={note.body} headingOffset={3} className="text-sm" />
      )}
      {!editing ? (
        <div className="flex flex-wrap items-center gap-2">
          {confirming ? (
            <>
              <span className="text-sm text-slate-700">Delete this note?</span>
              <Button variant="outline" onClick={() => remove.mutate(note)} disabled={remove.isPending}>
                <Trash2 aria-hidden="true" className="size-4" />
                {remove.isPending ? 'Deleting…' : 'Yes, delete'}
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit<span className="sr-only"> note{moment ? ` at ${moment}` : ''}</span>
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete<span className="sr-only"> note{moment ? ` at ${moment}` : ''}</span>
              </Button>
            </>
          )}
        </div>
      ) : null}
      {remove.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The note was not deleted: {errorMessage(remove.error)}
        </p>
      ) : null}
    </article>
  )
}
