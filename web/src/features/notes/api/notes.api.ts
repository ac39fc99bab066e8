// Typed access to the caller's notes (private to them by RLS). The database sets the owner and the course from the
// lesson; clients send the lesson, the moment (at_s, whole seconds) and the markdown body.
import type { Database, TablesInsert } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

export type NoteRow = Pick<
  Database['public']['Tables']['notes']['Row'],
  'id' | 'lesson_id' | 'course_id' | 'at_s' | 'body' | 'created_at' | 'updated_at'
>

const columns = 'id, lesson_id, course_id, at_s, body, created_at, updated_at'

export async function listLessonNotes(client: SupabaseClient, lessonId: string): Promise<NoteRow[]> {
  const { data, error } = await client
    .from('notes')
    .select(columns)
    .eq('lesson_id', lessonId)
    .order('at_s', { ascending: true, nullsFirst: true })
    .order('created_at', { ascending: true })
  if (error) throw error
  return data
}

export async function listCourseNotes(client: SupabaseClient, courseId: string): Promise<NoteRow[]> {
  const { data, error } = await client
    .from('notes')
    .select(columns)
    .eq('course_id', courseId)
    .order('created_at', { ascending: true })
  if (error) throw error
  return data
}

export async function createNote(
  client: SupabaseClient,
  values: { id?: string; lessonId: string; atS: number | null; body: string },
): Promise<NoteRow> {
  // course_id is required by the generated Insert type but set by the database from the lesson (no column grant).
  const row = {
    id: values.id,
    lesson_id: values.lessonId,
    at_s: values.atS,
    body: values.body,
  } as TablesInsert<'notes'>
  const { data, error } = await client.from('notes').insert(row).select(columns).single()
  if (!error) return data
  // A note with the device's id that is there already: an earlier send arrived and its answer was lost on the way.
  if (values.id && error.code === '23505') {
    const existing = await client.from('notes').select(columns).eq('id', values.id).maybeSingle()
    if (existing.data) return existing.data
  }
  throw error
}

export async function updateNote(client: SupabaseClient, values: { id: string; body: string }): Promise<NoteRow> {
  const { data, error } = await client
    .from('notes')
    .update({ body: values.body })
    .eq('id', values.id)
    .select(columns)
    .single()
  if (error) throw error
  return data
}

export async function deleteNote(client: SupabaseClient, id: string): Promise<void> {
  const { error } = await client.from('notes').delete().eq('id', id)
  if (error) throw error
}
