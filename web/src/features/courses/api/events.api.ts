// Live sessions and deadlines of a course, for its enrolled learners: RLS returns the course-wide events and those
// of the learner's own cohort (and nothing to anyone else), so the query names only the course.
import type { SupabaseClient } from '@/lib/supabase'

export interface CourseEvent {
  id: string
  kind: 'live' | 'deadline'
  title: string
  startsAt: string
  endsAt: string | null
  joinUrl: string | null
}

export async function listCourseEvents(client: SupabaseClient, courseId: string): Promise<CourseEvent[]> {
  const { data, error } = await client
    .from('events')
    .select('id, kind, title, starts_at, ends_at, join_url')
    .eq('course_id', courseId)
    .order('starts_at')
    .order('id')
  if (error) throw error
  return data.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    joinUrl: row.join_url,
  }))
}
