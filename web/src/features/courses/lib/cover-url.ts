// Public URL of a course cover in the `course-covers` bucket (public read, so no signing and no request).
import type { SupabaseClient } from '@/lib/supabase'

export function coverUrl(client: SupabaseClient, coverPath: string | null): string | null {
  if (!coverPath) return null
  return client.storage.from('course-covers').getPublicUrl(coverPath).data.publicUrl
}
