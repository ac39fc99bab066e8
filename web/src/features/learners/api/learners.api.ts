// Typed data access for the learners page: the roster (course_learners), the course's cohorts, one learner's
// per-lesson progress (read under the lesson_progress policies, as the instructor), and the instructor's actions:
// invite by email (the add-learners function) and cancel an invitation, remove (aal2) and move between cohorts. Every function throws on error.
import type { Database } from '@/lib/database.types'
import { readFunctionError } from '@/lib/errors'
import type { SupabaseClient } from '@/lib/supabase'
import type { EnrollmentStatus, RosterQuery } from '../schemas/roster-search.schema'

type GeneratedRosterRow = Database['public']['Functions']['course_learners']['Returns'][number]
type NullableColumns = 'enrollment_cohort_id' | 'cohort_name' | 'last_activity_at' | 'removed_at' | 'removal_reason'
type Common = Omit<
  GeneratedRosterRow,
  NullableColumns | 'enrollment_id' | 'invitation_id' | 'user_id' | 'display_name' | 'enrollment_status'
> & { [column in NullableColumns]: GeneratedRosterRow[column] | null }

/** A learner's row: someone enrolled (by themselves, or by accepting an invitation), with their name. */
export type LearnerRow = Common & {
  enrollment_id: string
  invitation_id: null
  user_id: string
  display_name: string
  enrollment_status: EnrollmentStatus
}

/** A pending invitation's row: the address the staff typed, no name, no account, no progress. */
export type InvitedRow = Common & {
  enrollment_id: null
  invitation_id: string
  user_id: null
  display_name: null
  enrollment_status: 'invited'
}

/** A roster row. The generator types every column of a function's table as non-null; the row says which it is. */
export type RosterRow = LearnerRow | InvitedRow

function toRosterRow(row: GeneratedRosterRow): RosterRow {
  if (row.enrollment_status === 'invited') {
    return { ...row, enrollment_id: null, user_id: null, display_name: null, enrollment_status: 'invited' }
  }
  return { ...row, invitation_id: null, enrollment_status: row.enrollment_status as EnrollmentStatus }
}

export interface RosterPage {
  rows: RosterRow[]
  total: number
}

export async function listLearners(
  client: SupabaseClient,
  courseId: string,
  query: RosterQuery,
  pageSize: number,
): Promise<RosterPage> {
  const { data, error } = await client.rpc('course_learners', {
    course_id: courseId,
    search: query.search || undefined,
    cohort_id: query.cohortId,
    status: query.status,
    sort: query.sort,
    direction: query.direction,
    page_size: pageSize,
    page: query.page,
  })
  if (error) throw error
  const rows = data.map(toRosterRow)
  return { rows, total: rows[0]?.total_count ?? 0 }
}

export interface Cohort {
  id: string
  name: string
  starts_at: string
}

export async function listCohorts(client: SupabaseClient, courseId: string): Promise<Cohort[]> {
  const { data, error } = await client
    .from('cohorts')
    .select('id, name, starts_at')
    .eq('course_id', courseId)
    .order('starts_at')
  if (error) throw error
  return data
}

export interface LessonProgressRow {
  lessonId: string
  title: string
  sectionTitle: string
  status: 'not_started' | 'in_progress' | 'completed'
  watchedS: number
  completedAt: string | null
}

/** Every lesson of the course in outline order with the learner's progress in it (not_started when none). */
export async function getLearnerProgress(
  client: SupabaseClient,
  courseId: string,
  userId: string,
): Promise<LessonProgressRow[]> {
  const [outline, progress] = await Promise.all([
    client
      .from('course_sections')
      .select('title, position, lessons(id, title, position)')
      .eq('course_id', courseId)
      .order('position'),
    client
      .from('lesson_progress')
      .select('lesson_id, status, watched_s, completed_at')
      .eq('course_id', courseId)
      .eq('user_id', userId),
  ])
  if (outline.error) throw outline.error
  if (progress.error) throw progress.error
  const byLesson = new Map(progress.data.map((row) => [row.lesson_id, row]))
  return outline.data.flatMap((section) =>
    [...section.lessons]
      .sort((a, b) => a.position - b.position)
      .map((lesson) => {
        const row = byLesson.get(lesson.id)
        return {
          lessonId: lesson.id,
          title: lesson.title,
          sectionTitle: section.title,
          status: row?.status ?? 'not_started',
          watchedS: row?.watched_s ?? 0,
          completedAt: row?.completed_at ?? null,
        }
      }),
  )
}

/** What happened to one address: invited (the same whether or not it has an account), already a learner, not an
 * address, or invited but its email could not be sent. */
export type AddResult = 'invited' | 'already_enrolled' | 'invalid' | 'failed'

export async function addLearners(
  client: SupabaseClient,
  input: { courseId: string; emails: string[]; cohortId: string | null },
): Promise<{ email: string; result: AddResult }[]> {
  const { data, error } = await client.functions.invoke<{ results: { email: string; result: AddResult }[] }>(
    'add-learners',
    { body: { course_id: input.courseId, emails: input.emails, cohort_id: input.cohortId } },
  )
  if (error) throw await readFunctionError(error)
  if (!data) throw new Error('add-learners answered without a body')
  return data.results
}

/** Cancels a pending invitation (the course's staff may, under course_invitations_delete_staff). */
export async function cancelInvitation(client: SupabaseClient, invitationId: string): Promise<void> {
  const { error } = await client.from('course_invitations').delete().eq('id', invitationId)
  if (error) throw error
}

export async function removeLearner(client: SupabaseClient, enrollmentId: string, reason: string): Promise<void> {
  const { error } = await client.rpc('remove_learner', { enrollment_id: enrollmentId, reason })
  if (error) throw error
}

export async function moveLearnerToCohort(
  client: SupabaseClient,
  enrollmentId: string,
  cohortId: string | null,
): Promise<void> {
  // The generated type says uuid; null is how the call takes a learner out of any cohort.
  const { error } = await client.rpc('move_learner_to_cohort', {
    enrollment_id: enrollmentId,
    cohort_id: cohortId as string,
  })
  if (error) throw error
}
