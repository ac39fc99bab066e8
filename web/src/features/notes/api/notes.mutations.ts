// Writing notes: each mutation refreshes the lesson's list and the course's "My notes" of the same user.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { createNote, deleteNote, updateNote, type NoteRow } from './notes.api'
import { notesKeys } from './notes.queries'

function useRefreshNotes(userId: string) {
  const queryClient = useQueryClient()
  return (note: Pick<NoteRow, 'lesson_id' | 'course_id'>) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notesKeys.lesson(userId, note.lesson_id) }),
      queryClient.invalidateQueries({ queryKey: notesKeys.course(userId, note.course_id) }),
    ])
}

export function useCreateNote(userId: string) {
  const refresh = useRefreshNotes(userId)
  return useMutation({
    mutationFn: (values: { lessonId: string; atS: number | null; body: string }) => createNote(supabase, values),
    onSuccess: refresh,
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
