// The school page's settings in the studio: the school's page columns as its owner edits them, saving the about text
// and accent colour, and pointing the school at a new logo (uploaded like a course cover, to the public
// course-covers bucket under schools/{school_id}/, which the school's owners may write).
import type { SupabaseClient } from '@/lib/supabase'
import type { SchoolRole } from '../../api/schools.api'

export interface SchoolPageSettings {
  id: string
  slug: string
  name: string
  logo_path: string | null
  accent_color: string | null
  about_md: string
  /** My role at the school: only owners edit its page. */
  role: SchoolRole
}

const columns = 'id, slug, name, logo_path, accent_color, about_md'

/** The school as I belong to it, or null when it does not exist or I am not a member (the page's not-found). */
export async function getSchoolPageSettings(
  client: SupabaseClient,
  schoolId: string,
  userId: string,
): Promise<SchoolPageSettings | null> {
  const { data, error } = await client
    .from('school_members')
    .select(`role, schools(${columns})`)
    .eq('school_id', schoolId)
    .eq('user_id', userId)
    .maybeSingle()
  if (error) throw error
  if (!data?.schools) return null
  return { ...data.schools, role: data.role }
}

export interface SchoolPageValues {
  about_md: string
  accent_color: string | null
}

export async function saveSchoolPage(client: SupabaseClient, schoolId: string, values: SchoolPageValues) {
  const { data, error } = await client.from('schools').update(values).eq('id', schoolId).select(columns).maybeSingle()
  if (error) throw error
  // Row-level security filters the update instead of refusing it: nothing came back, so nothing changed.
  if (!data) throw Object.assign(new Error('Only the school’s owners can edit its page.'), { code: 'forbidden' })
  return data
}

export async function setSchoolLogo(client: SupabaseClient, schoolId: string, logoPath: string | null) {
  const { data, error } = await client
    .from('schools')
    .update({ logo_path: logoPath })
    .eq('id', schoolId)
    .select('logo_path')
    .maybeSingle()
  if (error) throw error
  if (!data) throw Object.assign(new Error('Only the school’s owners can change its logo.'), { code: 'forbidden' })
  return data.logo_path
}

/** A new object for every upload, so the public URL changes with the logo and no cache shows the old one. */
export function logoObjectPath(schoolId: string, now: number = Date.now()): string {
  return `schools/${schoolId}/logo-${now.toString(36)}.jpg`
}
