// Enrolling the caller in a course (PRODUCT.md §4, §7): an invite link or an access code is redeemed by the database
// (redeem.ts); otherwise find the course as the caller sees it, let its enrollment mode decide, and create the
// enrollment at most once — re-enrolling returns the existing row.
import type { Database, Tables } from '../_shared/database.types.ts'
import { HttpError } from '../_shared/http.ts'
import type { Client } from '../_shared/supabase.ts'
import { redeemCode, redeemInvite } from './redeem.ts'
import type { CourseRef, EnrollRequest } from './schema.ts'

export type Enrollment = Pick<Tables<'enrollments'>, 'id' | 'course_id' | 'status' | 'source' | 'enrolled_at'>
type Source = Database['public']['Enums']['enrollment_source']
type Course = Pick<Tables<'courses'>, 'id' | 'status' | 'enrollment_mode'>

export interface EnrollResult {
  enrollment: Enrollment
  created: boolean
}

export interface Clients {
  /** Acts as the caller: course visibility and reading their own enrollment go through RLS. */
  user: Client
  /** Service role: only for creating the enrollment, which no client role may insert. */
  admin: Client
}

const enrollmentColumns = 'id, course_id, status, source, enrolled_at'

export async function enroll(clients: Clients, userId: string, request: EnrollRequest): Promise<EnrollResult> {
  // The invite names the course; the caller may not see it yet (an unlisted course they are invited to is fine).
  if (request.kind === 'invite') return await redeemInvite(clients.admin, userId, request.token)
  const course = await findCourse(clients.user, request.ref)
  const existing = await findEnrollment(clients.user, course.id, userId)
  // Already in (whatever the mode is today, e.g. an archived course or one that closed since): a no-op.
  if (existing) return { enrollment: usable(existing), created: false }
  // Codes, like invites, are the instructor's grant and work whatever the mode; the mode decides bare enrolls.
  if (request.kind === 'code') return await redeemCode(clients.admin, userId, course.id, request.code)
  const source = admissionSource(course)
  return await createEnrollment(clients, course.id, userId, source)
}

/** The course as the caller's RLS shows it: drafts of other schools are as unknown as missing slugs. */
async function findCourse(client: Client, ref: CourseRef): Promise<Course> {
  const { data, error } = await client.from('courses').select('id, status, enrollment_mode').eq(ref.column, ref.value)
    .maybeSingle()
  if (error) throw new Error(`reading the course failed: ${error.message}`, { cause: error })
  if (!data) throw new HttpError(404, 'course_not_found', 'We could not find that course.')
  return data
}

async function findEnrollment(client: Client, courseId: string, userId: string): Promise<Enrollment | null> {
  const { data, error } = await client.from('enrollments').select(enrollmentColumns).eq('course_id', courseId)
    .eq('user_id', userId).maybeSingle()
  if (error) throw new Error(`reading the enrollment failed: ${error.message}`, { cause: error })
  return data
}

/** A removed learner stays out: enrolling again must not undo an instructor's decision. */
function usable(enrollment: Enrollment): Enrollment {
  if (enrollment.status === 'removed') {
    throw new HttpError(403, 'forbidden', 'You were removed from this course. Ask its instructor to add you back.')
  }
  return enrollment
}

/** Whether a bare enroll (no invite token, no code) lets the caller in, as the enrollment's source. */
function admissionSource(course: Course): Source {
  if (course.status !== 'published') {
    throw new HttpError(403, 'enrollment_closed', 'This course is not open for enrollment.')
  }
  switch (course.enrollment_mode) {
    case 'open':
      return 'open'
    case 'invite':
      throw new HttpError(403, 'enrollment_closed', 'This course is by invitation only. Open your invite link.')
    case 'code':
      throw new HttpError(403, 'enrollment_closed', 'This course needs an access code. Enter the code you were given.')
  }
}

/**
 * Inserts unless the (course_id, user_id) key already exists, so double clicks and retries racing each other
 * create one row: the request whose insert lands answers created, the others read the row it made.
 */
async function createEnrollment(clients: Clients, courseId: string, userId: string, source: Source) {
  // Admin client: clients have no insert grant on enrollments (the migration revokes it) because RLS cannot tell an
  // enrollment the course's mode allowed from one a learner grants themselves; this function is that check.
  const { data, error } = await clients.admin.from('enrollments')
    .upsert({ course_id: courseId, user_id: userId, source }, {
      onConflict: 'course_id,user_id',
      ignoreDuplicates: true,
    })
    .select(enrollmentColumns)
  if (error) throw new Error(`creating the enrollment failed: ${error.message}`, { cause: error })
  if (data.length === 1) return { enrollment: data[0], created: true }
  const existing = await findEnrollment(clients.user, courseId, userId)
  if (!existing) throw new Error('the enrollment that blocked the insert is not readable')
  return { enrollment: usable(existing), created: false }
}
