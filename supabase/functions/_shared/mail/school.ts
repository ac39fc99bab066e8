// The school an email speaks for, read with the service role by the course it is about (the caller may not see the
// school's row): its name and accent colour. Absent when the course is gone: the email then speaks as Summit. (The
// logo stays out: under `supabase start` the functions' SUPABASE_URL is a Docker-internal address no reader can load.)
import type { Client } from '../supabase.ts'
import type { EmailSchool } from './render.ts'

export async function schoolOfCourse(
  admin: Client,
  course: { id: string } | { slug: string },
): Promise<EmailSchool | undefined> {
  const query = admin.from('courses').select('schools(name, accent_color)')
  const { data, error } = await ('id' in course ? query.eq('id', course.id) : query.eq('slug', course.slug))
    .maybeSingle()
  if (error) throw new Error(`reading the course's school failed: ${error.message}`, { cause: error })
  const school = (data as { schools: { name: string; accent_color: string | null } | null } | null)?.schools
  return school ? { name: school.name, accentColor: school.accent_color } : undefined
}
