// One lesson for the lesson editor (its outline row, its section's release rule, its content, its course's name)
// and the conditional updates behind its autosave: each save names the updated_at it was based on, so an edit
// made elsewhere meanwhile matches no row and comes back as a conflict instead of being overwritten.
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'
import type { SaveResult } from '../lib/autosave-queue'

type Tables = Database['public']['Tables']
type LessonRow = Tables['lessons']['Row']
type SectionRow = Tables['course_sections']['Row']

// A type alias, not an interface, so it is assignable to the jsonb column's Json type.
export type Attachment = { name: string; path: string }

export type EditableLesson = Pick<
  LessonRow,
  | 'id'
  | 'course_id'
  | 'section_id'
  | 'title'
  | 'kind'
  | 'duration_s'
  | 'is_preview'
  | 'completion_rule'
  | 'completion_threshold'
  | 'updated_at'
>
export type EditableSection = Pick<SectionRow, 'id' | 'title' | 'release_offset_days' | 'release_at' | 'updated_at'>
export interface EditableContent {
  body_md: string
  video_path: string | null
  captions_path: string | null
  attachments: Attachment[]
  /** Empty when the lesson has no content row yet: the first save creates it. */
  updated_at: string
}

export interface LessonBundle {
  course: { id: string; title: string; status: Tables['courses']['Row']['status'] }
  section: EditableSection
  lesson: EditableLesson
  content: EditableContent
}

export type LessonPatch = Partial<
  Pick<LessonRow, 'title' | 'kind' | 'duration_s' | 'is_preview' | 'completion_rule' | 'completion_threshold'>
>
export type SectionPatch = Partial<Pick<SectionRow, 'release_offset_days' | 'release_at'>>
export type ContentPatch = Partial<Omit<EditableContent, 'updated_at'>>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const lessonColumns =
  'id, course_id, section_id, title, kind, duration_s, is_preview, completion_rule, completion_threshold, updated_at'

function attachmentsOf(value: unknown): Attachment[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (item): item is Attachment =>
      typeof item === 'object' && item !== null && typeof item.name === 'string' && typeof item.path === 'string',
  )
}

/**
 * Null when the lesson is not one of this course's, or the course is not of a school I teach at (a published
 * course's outline is readable by everyone, but only its school edits it): the route shows not-found at once.
 */
export async function getLessonBundle(
  client: SupabaseClient,
  ids: { courseId: string; lessonId: string; userId: string },
): Promise<LessonBundle | null> {
  if (!uuidPattern.test(ids.courseId) || !uuidPattern.test(ids.lessonId)) return null
  const [lesson, course] = await Promise.all([
    client.from('lessons').select(lessonColumns).eq('id', ids.lessonId).eq('course_id', ids.courseId).maybeSingle(),
    client.from('courses').select('id, title, status, school_id').eq('id', ids.courseId).maybeSingle(),
  ])
  if (lesson.error) throw lesson.error
  if (course.error) throw course.error
  if (!lesson.data || !course.data) return null
  const [member, section, content] = await Promise.all([
    client
      .from('school_members')
      .select('user_id')
      .eq('school_id', course.data.school_id)
      .eq('user_id', ids.userId)
      .maybeSingle(),
    client
      .from('course_sections')
      .select('id, title, release_offset_days, release_at, updated_at')
      .eq('id', lesson.data.section_id)
      .single(),
    client
      .from('lesson_contents')
      .select('body_md, video_path, captions_path, attachments, updated_at')
      .eq('lesson_id', ids.lessonId)
      .maybeSingle(),
  ])
  if (member.error) throw member.error
  if (!member.data) return null
  if (section.error) throw section.error
  if (content.error) throw content.error
  const { id, title, status } = course.data
  return {
    course: { id, title, status },
    section: section.data,
    lesson: lesson.data,
    content: content.data
      ? { ...content.data, attachments: attachmentsOf(content.data.attachments) }
      : { body_md: '', video_path: null, captions_path: null, attachments: [], updated_at: '' },
  }
}

function resultOf(rows: { updated_at: string }[]): SaveResult {
  const row = rows[0]
  return row ? { kind: 'saved', version: row.updated_at } : { kind: 'conflict' }
}

export async function saveLesson(client: SupabaseClient, lessonId: string, patch: LessonPatch, seen: string) {
  const { data, error } = await client
    .from('lessons')
    .update(patch)
    .eq('id', lessonId)
    .eq('updated_at', seen)
    .select('updated_at')
  if (error) throw error
  return resultOf(data)
}

export async function saveSection(client: SupabaseClient, sectionId: string, patch: SectionPatch, seen: string) {
  const { data, error } = await client
    .from('course_sections')
    .update(patch)
    .eq('id', sectionId)
    .eq('updated_at', seen)
    .select('updated_at')
  if (error) throw error
  return resultOf(data)
}

/** The first save of a lesson without content creates its row; one created elsewhere meanwhile is a conflict. */
export async function saveContent(
  client: SupabaseClient,
  ids: { courseId: string; lessonId: string },
  patch: ContentPatch,
  seen: string,
): Promise<SaveResult> {
  if (seen === '') {
    const { data, error } = await client
      .from('lesson_contents')
      .insert({ lesson_id: ids.lessonId, course_id: ids.courseId, ...patch })
      .select('updated_at')
    if (error?.code === '23505') return { kind: 'conflict' }
    if (error) throw error
    return resultOf(data)
  }
  const { data, error } = await client
    .from('lesson_contents')
    .update(patch)
    .eq('lesson_id', ids.lessonId)
    .eq('updated_at', seen)
    .select('updated_at')
  if (error) throw error
  return resultOf(data)
}
