// The course whose access panels are open: its title, address and enrollment mode, as the caller may read it.
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
    .select('id, title, slug, enrollment_mode')
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
