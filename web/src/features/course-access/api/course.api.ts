// The course whose access is being managed, for the route's title and its not-found state: only a member of the
// course's school manages it, so a published course of another school (readable by everyone) counts as not found.
import type { SupabaseClient } from '@/lib/supabase'

export interface AccessCourse {
  id: string
  title: string
  slug: string
  enrollmentMode: 'open' | 'invite' | 'code'
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function readCourse(client: SupabaseClient, courseId: string) {
  // A malformed id could never match; asking would only earn a 400.
  if (!uuidPattern.test(courseId)) return null
  const { data, error } = await client
    .from('courses')
    .select('id, title, slug, enrollment_mode, school_id')
    .eq('id', courseId)
    .maybeSingle()
  if (error) throw error
  return data
}

const summary = (course: NonNullable<Awaited<ReturnType<typeof readCourse>>>): AccessCourse => ({
  id: course.id,
  title: course.title,
  slug: course.slug,
  enrollmentMode: course.enrollment_mode,
})

/** The course as anyone allowed to read it sees it (the panels need its enrollment mode). */
export async function getCourseSummary(client: SupabaseClient, courseId: string): Promise<AccessCourse | null> {
  const course = await readCourse(client, courseId)
  return course ? summary(course) : null
}

/** The course when `userId` is a member of its school; null otherwise (the route's not-found). */
export async function getManagedCourse(
  client: SupabaseClient,
  courseId: string,
  userId: string,
): Promise<AccessCourse | null> {
  const course = await readCourse(client, courseId)
  if (!course) return null
  const { data: membership, error } = await client
    .from('school_members')
    .select('role')
    .eq('school_id', course.school_id)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  return membership ? summary(course) : null
}
