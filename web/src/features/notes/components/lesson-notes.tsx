// "My notes" under a lesson (a Collapsible): the learner's notes on it, in order of their moment, and a form for a
// new one. On a video lesson a new note is pinned to the moment the learner started writing it (changeable before
// saving), and each note's moment seeks the video. The video is reached only through the callbacks the route passes.
// A note saved while the API cannot be reached waits on this device, listed as waiting, and is sent when the
// connection returns (note-outbox); one the database then refuses comes back into the box with the reason.
import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronRight, CloudOff, NotebookPen } from 'lucide-react'
import { Composer } from '@/components/composer'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { errorMessage } from '@/lib/errors'
import { onNoteRefused, onNoteSynced, useNoteOutbox } from '../api/note-outbox'
import { useCreateNote, useRefreshNotes } from '../api/notes.mutations'
import { notesQueries } from '../api/notes.queries'
import { noteDraftKey, waitingNotes } from '../lib/note-queue'
import { noteBodySchema } from '../lib/note.schema'
import { formatClock } from '@/lib/format/clock'
import { NoteItem } from './note-item'

export interface VideoControls {
  currentTime(): number
  seek(seconds: number): void
}

export interface LessonNotesProps {
  userId: string
  lessonId: string
  slug: string
  /** The lesson's video, when it has one. */
  video: VideoControls | null
}

export function LessonNotes({ userId, lessonId, slug, video }: LessonNotesProps) {
  const notes = useQuery(notesQueries.lesson(userId, lessonId))
  const waiting = waitingNotes(useNoteOutbox().queue, lessonId)
  const refused = useWaitingNoteOutcomes(userId, lessonId)
  const count = notes.data?.length ?? 0
  return (
    <Collapsible defaultOpen className="rounded-lg border border-slate-200 bg-white" data-testid="my-notes">
      <CollapsibleTrigger className="group flex min-h-11 w-full items-center gap-2 px-4 py-2 text-left font-semibold text-slate-900">
        <ChevronRight
          aria-hidden="true"
          className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-90 motion-reduce:transition-none"
        />
        <NotebookPen aria-hidden="true" className="size-4 text-slate-500" />
        My notes{count ? ` (${count})` : ''}
      </CollapsibleTrigger>
      <CollapsibleContent className="flex flex-col gap-4 px-4 pb-4">
        <p className="text-sm text-slate-600">
          Only you can see your notes.{' '}
          <Link to="/learn/$slug/notes" params={{ slug }} className="font-medium text-teal-800 underline">
            All my notes for this course
          </Link>
        </p>
        {notes.isPending ? (
          <div role="status" aria-label="Loading your notes" className="flex flex-col gap-2">
            <Skeleton className="h-16 w-full" />
          </div>
        ) : notes.isError ? (
          <Alert tone="error" title="Your notes could not be loaded">
            <p>{errorMessage(notes.error)}</p>
            <Button variant="outline" className="mt-2" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : notes.data.length === 0 ? (
          <p className="text-sm text-slate-600">
            No notes on this lesson yet.
            {video ? ' A note you write now is pinned to the current moment of the video.' : ''}
          </p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Notes on this lesson">
            {notes.data.map((note) => (
              <li key={note.id}>
                <NoteItem note={note} userId={userId} onSeek={video ? (s) => video.seek(s) : undefined} />
              </li>
            ))}
          </ul>
        )}
        {waiting.length > 0 ? (
          <ul className="flex flex-col gap-2" aria-label="Notes waiting to be sent">
            {waiting.map((note) => (
              <li key={note.id} className="rounded-md border border-dashed border-slate-300 p-3 text-sm">
                <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
                <p className="mt-1 flex items-center gap-1 text-slate-600">
                  <CloudOff aria-hidden="true" className="size-4" />
                  Not sent yet: kept on this device and sent when you are back online.
                </p>
              </li>
            ))}
          </ul>
        ) : null}
        {refused ? (
          <Alert tone="error" title="A note written offline could not be saved">
            <p>{refused} Its text is back in the box below.</p>
          </Alert>
        ) : null}
        <NewNote key={refused ?? 'new'} userId={userId} lessonId={lessonId} video={video} />
      </CollapsibleContent>
    </Collapsible>
  )
}

/**
 * Follows the waiting notes of this lesson: one that reaches the database refreshes the lists; one it refuses is back
 * in the box as a draft (note-outbox puts it there), and the reason is returned (the box remounts by it to read it).
 */
function useWaitingNoteOutcomes(userId: string, lessonId: string): string | null {
  const refresh = useRefreshNotes(userId)
  const [refused, setRefused] = useState<string | null>(null)
  useEffect(() => {
    const stopSynced = onNoteSynced((note) => void refresh(note))
    const stopRefused = onNoteRefused((entry, error) => {
      if (entry.lesson_id === lessonId) setRefused(errorMessage(error))
    })
    return () => {
      stopSynced()
      stopRefused()
    }
  }, [refresh, lessonId])
  return refused
}

function NewNote({ userId, lessonId, video }: Omit<LessonNotesProps, 'slug'>) {
  const create = useCreateNote(userId)
  const [moment, setMoment] = useState<number | null>(null)
  const [pinned, setPinned] = useState(true)
  const take = () => setMoment(Math.floor(video?.currentTime() ?? 0))

  return (
    // The moment is taken when the learner starts writing, not when they finish.
    <div onFocusCapture={() => (video && moment === null ? take() : undefined)}>
      <Composer
        label="New note"
        hint="Markdown works: **bold**, lists, links."
        draftKey={noteDraftKey(userId, lessonId)}
        schema={noteBodySchema}
        submitLabel="Save note"
        busyLabel="Saving…"
        extra={
          video ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <div className="flex items-center gap-2">
                <Checkbox id={`pin-${lessonId}`} checked={pinned} onCheckedChange={(v) => setPinned(v === true)} />
                <Label htmlFor={`pin-${lessonId}`}>At {formatClock(moment ?? video.currentTime())} of the video</Label>
              </div>
              <Button variant="ghost" onClick={take} disabled={!pinned}>
                Use the current moment
              </Button>
            </div>
          ) : null
        }
        onSubmit={async (body) => {
          const atS = video && pinned ? (moment ?? Math.floor(video.currentTime())) : null
          await create.mutateAsync({ lessonId, atS, body })
          setMoment(null)
        }}
      />
    </div>
  )
}
