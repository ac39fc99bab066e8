// Profile reads and writes for the signed-in user (RLS: a user reads and updates only their own row,
// and only the display name, avatar, timezone and preference columns).
import type { SupabaseClient } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'

export type Profile = Pick<
  Database['public']['Tables']['profiles']['Row'],
  'id' | 'display_name' | 'avatar_path' | 'timezone' | 'updated_at'
>

export async function getProfile(client: SupabaseClient, userId: string): Promise<Profile> {
  const { data, error } = await client
    .from('profiles')
    .select('id, display_name, avatar_path, timezone, updated_at')
    .eq('id', userId)
    .single()
  if (error) throw error
  return data
}

export type ProfileUpdate = Partial<Pick<Profile, 'display_name' | 'timezone' | 'avatar_path'>>

export async function updateProfile(client: SupabaseClient, userId: string, values: ProfileUpdate): Promise<Profile> {
  const { data, error } = await client
    .from('profiles')
    .update(values)
    .eq('id', userId)
    .select('id, display_name, avatar_path, timezone, updated_at')
    .single()
  if (error) throw error
  return data
}

/**
 * The public URL of an avatar. `version` (the profile's updated_at) busts caches when a user uploads
 * a new picture under the same file name.
 */
export function avatarUrl(client: SupabaseClient, path: string, version?: string): string {
  const { publicUrl } = client.storage.from('avatars').getPublicUrl(path).data
  return version ? `${publicUrl}?v=${encodeURIComponent(version)}` : publicUrl
}
