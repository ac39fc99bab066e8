// The public school page, read in one call (the school_page RPC): its public fields, which text colour is set on
// its accent, the instructors of its published catalog courses, and whether the caller owns it. An unknown school,
// or one without a published course for visitors, answers school_not_found.
import * as z from 'zod/mini'
import type { SupabaseClient } from '@/lib/supabase'

export const schoolPageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo_path: z.nullable(z.string()),
  accent_color: z.nullable(z.string()),
  accent_text: z.nullable(z.enum(['white', 'dark'])),
  about_md: z.string(),
  instructors: z.array(
    z.object({
      display_name: z.string(),
      avatar_path: z.nullable(z.string()),
      role: z.enum(['owner', 'instructor']),
    }),
  ),
  viewer: z.object({ is_owner: z.boolean() }),
})
export type SchoolPage = z.infer<typeof schoolPageSchema>
export type SchoolInstructor = SchoolPage['instructors'][number]

export async function getSchoolPage(client: SupabaseClient, slug: string): Promise<SchoolPage> {
  const { data, error } = await client.rpc('school_page', { slug })
  if (error) throw error
  return schoolPageSchema.parse(data)
}
