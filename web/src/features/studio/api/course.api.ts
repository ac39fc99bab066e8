// One course's details for the editor, and the conditional update behind autosave: a save names the updated_at it
// was based on, so an edit made elsewhere in the meantime matches no row and comes back as a conflict.
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'
import type { SaveResult } from '../lib/autosave-queue'

type CourseRow = Database['public']['Tables']['courses']['Row']

const courseColumns =
  'id, school_id, slug, title, subtitle, description_md, level, language, visibility, enrollment_mode, progression, certificate_enabled, status, learner_count, updated_at'

export type EditableCourse = Pick<
  CourseRow,
  | 'id'
  | 'school_id'
  | 'slug'
  | 'title'
  | 'subtitle'
  | 'description_md'
  | 'level'
  | 'language'
  | 'visibility'
  | 'enrollment_mode'
  | 'progression'
  | 'certificate_enabled'
  | 'status'
  | 'learner_count'
  | 'updated_at'
>

export type CourseDetailsPatch = Partial<
  Pick<
    CourseRow,
    | 'title'
    | 'subtitle'
    | 'description_md'
    | 'level'
    | 'language'
    | 'visibility'
    | 'enrollment_mode'
    | 'progression'
    | 'certificate_enabled'
  >
>

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Null when there is no such course (or it is not mine to see): the route shows not-found without retrying. */
export async function getCourse(client: SupabaseClient, courseId: string): Promise<EditableCourse | null> {
  // A malformed id could never match; asking would only earn a 400.
  if (!uuidPattern.test(courseId)) return null
  const { data, error } = await client.from('courses').select(courseColumns).eq('id', courseId).maybeSingle()
  if (error) throw error
  return data
}

export async function saveCourseDetails(
  client: SupabaseClient,
  courseId: string,
  patch: CourseDetailsPatch,
  seenUpdatedAt: string,
): Promise<SaveResult> {
  const { data, error } = await client
    .from('courses')
    .update(patch)
    .eq('id', courseId)
    .eq('updated_at', seenUpdatedAt)
    .select('updated_at')
  if (error) throw error
  const row = data[0]
  return row ? { kind: 'saved', version: row.updated_at } : { kind: 'conflict' }
}

export async function setCourseStatus(client: SupabaseClient, courseId: string, status: CourseRow['status']) {
  const { data, error } = await client
    .from('courses')
    .update({ status })
    .eq('id', courseId)
    .select('status, updated_at')
  if (error) throw error
  // No row back: RLS hid it (not a member any more), which a silent success would misreport.
  const row = data[0]
  if (!row) throw { code: 'forbidden' }
  return row
}

export async function getPublishChecklist(client: SupabaseClient, courseId: string) {
  const { data, error } = await client.rpc('course_publish_checklist', { course_id: courseId })
  if (error) throw error
  return data
}

export type ChecklistItem = Awaited<ReturnType<typeof getPublishChecklist>>[number]
