// Writing notes: each mutation refreshes the lesson's list and the course's "My notes" of the same user.
import { useCallback } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { QueuedNote } from '../lib/note-queue'
import { sendOrQueueNote } from './note-outbox'
import { deleteNote, updateNote, type NoteRow } from './notes.api'
import { notesKeys } from './notes.queries'

export function useRefreshNotes(userId: string) {
  const queryClient = useQueryClient()
  return useCallback(
    (note: Pick<NoteRow, 'lesson_id' | 'course_id'>) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKeys.lesson(userId, note.lesson_id) }),
        queryClient.invalidateQueries({ queryKey: notesKeys.course(userId, note.course_id) }),
      ]),
    [queryClient, userId],
  )
}

/** A new note, named on this device: saved now, or 'queued' to wait here while the API cannot be reached. */
export function useCreateNote(userId: string) {
  const refresh = useRefreshNotes(userId)
  return useMutation({
    mutationFn: (values: { lessonId: string; atS: number | null; body: string }) =>
      sendOrQueueNote({
        id: crypto.randomUUID(),
        lesson_id: values.lessonId,
        at_s: values.atS,
        body: values.body,
        written_at: new Date().toISOString(),
      } satisfies QueuedNote),
    onSuccess: (outcome) => (outcome === 'queued' ? undefined : refresh(outcome.saved)),
  })
}

export function useUpdateNote(userId: string) {
  const refresh = useRefreshNotes(userId)
  return useMutation({
    mutationFn: (values: { id: string; body: string }) => updateNote(supabase, values),
    onSuccess: refresh,
  })
}

export function useDeleteNote(userId: string) {
  const refresh = useRefreshNotes(userId)
  return useMutation({
    mutationFn: (note: NoteRow) => deleteNote(supabase, note.id),
    onSuccess: (_data, note) => refresh(note),
  })
}
