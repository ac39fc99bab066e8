// The curriculum of one course for the builder: sections with their lessons in order, and the calls that change
// it. New rows go at the end (max position + 1); two authors adding at once collide on the unique position, so an
// insert retries on 23505 with a fresh position. Reorders and deletes go through the database's calls, which keep
// positions dense in one transaction.
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

export type LessonKind = Database['public']['Enums']['lesson_kind']

export interface CurriculumLesson {
  id: string
  title: string
  kind: LessonKind
}

export interface CurriculumSection {
  id: string
  title: string
  lessons: CurriculumLesson[]
}

export async function getCurriculum(client: SupabaseClient, courseId: string): Promise<CurriculumSection[]> {
  const [sections, lessons] = await Promise.all([
    client.from('course_sections').select('id, title, position').eq('course_id', courseId).order('position'),
    client.from('lessons').select('id, title, kind, position, section_id').eq('course_id', courseId).order('position'),
  ])
  if (sections.error) throw sections.error
  if (lessons.error) throw lessons.error
  return sections.data.map((section) => ({
    id: section.id,
    title: section.title,
    lessons: lessons.data
      .filter((lesson) => lesson.section_id === section.id)
      .map(({ id, title, kind }) => ({ id, title, kind })),
  }))
}

async function nextPosition(client: SupabaseClient, table: 'course_sections' | 'lessons', column: string, id: string) {
  const { data, error } = await client
    .from(table)
    .select('position')
    .eq(column, id)
    .order('position', { ascending: false })
    .limit(1)
  if (error) throw error
  return (data[0]?.position ?? 0) + 1
}

async function withPositionRetry<T>(insert: () => Promise<{ data: T | null; error: { code?: string } | null }>) {
  for (let attempt = 0; ; attempt += 1) {
    const { data, error } = await insert()
    if (!error && data) return data
    if (error?.code !== '23505' || attempt >= 3) throw error
  }
}

export async function addSection(client: SupabaseClient, courseId: string, title: string) {
  return withPositionRetry(async () =>
    client
      .from('course_sections')
      .insert({
        course_id: courseId,
        title,
        position: await nextPosition(client, 'course_sections', 'course_id', courseId),
      })
      .select('id')
      .single(),
  )
}

export async function addLesson(
  client: SupabaseClient,
  values: { courseId: string; sectionId: string; title: string; kind: LessonKind },
) {
  return withPositionRetry(async () =>
    client
      .from('lessons')
      .insert({
        course_id: values.courseId,
        section_id: values.sectionId,
        title: values.title,
        kind: values.kind,
        // A video lesson completes by watching; a text lesson by ticking it off.
        completion_rule: values.kind === 'video' ? 'video' : 'manual',
        position: await nextPosition(client, 'lessons', 'section_id', values.sectionId),
      })
      .select('id')
      .single(),
  )
}

export async function renameSection(client: SupabaseClient, sectionId: string, title: string) {
  const { error } = await client.from('course_sections').update({ title }).eq('id', sectionId)
  if (error) throw error
}

export async function renameLesson(client: SupabaseClient, lessonId: string, title: string) {
  const { error } = await client.from('lessons').update({ title }).eq('id', lessonId)
  if (error) throw error
}

export async function deleteSection(client: SupabaseClient, sectionId: string) {
  const { error } = await client.rpc('delete_course_section', { section_id: sectionId })
  if (error) throw error
}

export async function deleteLesson(client: SupabaseClient, lessonId: string) {
  const { error } = await client.rpc('delete_lesson', { lesson_id: lessonId })
  if (error) throw error
}

export async function reorderCurriculum(client: SupabaseClient, courseId: string, sections: CurriculumSection[]) {
  const payload = sections.map((section) => ({ id: section.id, lesson_ids: section.lessons.map((l) => l.id) }))
  const { error } = await client.rpc('reorder_curriculum', { course_id: courseId, sections: payload })
  if (error) throw error
}
