// Studio home data: the schools I belong to (with my role) and their courses, and creating schools and courses.
// Schools are read by naming `id, slug, name`: the only columns clients may select (`select *` is refused).
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

export type SchoolRole = Database['public']['Enums']['school_role']
type CourseRow = Database['public']['Tables']['courses']['Row']

export type StudioCourse = Pick<
  CourseRow,
  'id' | 'school_id' | 'slug' | 'title' | 'status' | 'learner_count' | 'updated_at'
>

export interface StudioSchool {
  id: string
  slug: string
  name: string
  role: SchoolRole
  courses: StudioCourse[]
}

export async function listMySchools(client: SupabaseClient, userId: string): Promise<StudioSchool[]> {
  const { data: memberships, error } = await client
    .from('school_members')
    .select('role, schools(id, slug, name)')
    .eq('user_id', userId)
  if (error) throw error
  const schools = memberships.flatMap((m) => (m.schools ? [{ ...m.schools, role: m.role }] : []))
  if (schools.length === 0) return []
  const { data: courses, error: coursesError } = await client
    .from('courses')
    .select('id, school_id, slug, title, status, learner_count, updated_at')
    .in(
      'school_id',
      schools.map((s) => s.id),
    )
    .order('updated_at', { ascending: false })
  if (coursesError) throw coursesError
  return schools
    .map((school) => ({ ...school, courses: courses.filter((c) => c.school_id === school.id) }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** The database makes the creator the school's owner. */
export async function createSchool(client: SupabaseClient, values: { name: string; slug: string }) {
  const { data, error } = await client.from('schools').insert(values).select('id, slug, name').single()
  if (error) throw error
  return data
}

export async function createCourse(client: SupabaseClient, values: { schoolId: string; title: string; slug: string }) {
  const { data, error } = await client
    .from('courses')
    .insert({ school_id: values.schoolId, title: values.title, slug: values.slug })
    .select('id')
    .single()
  if (error) throw error
  return data
}

export async function isSlugAvailable(client: SupabaseClient, kind: 'school' | 'course', slug: string) {
  const { data, error } =
    kind === 'school'
      ? await client.rpc('school_slug_available', { slug })
      : await client.rpc('course_slug_available', { slug })
  if (error) throw error
  return data
}
