// Whether a user belongs to any school (as owner or instructor): the header offers the studio to members only.
import type { SupabaseClient } from '@/lib/supabase'

export async function isSchoolMember(client: SupabaseClient, userId: string): Promise<boolean> {
  const { count, error } = await client
    .from('school_members')
    .select('school_id', { count: 'exact', head: true })
    .eq('user_id', userId)
  if (error) throw error
  return (count ?? 0) > 0
}
