// Whether the session still owes its second factor: aal1 with a verified factor, unless it was started with a
// passkey (which Summit counts as a second factor). Read from the session's own token and user, no request. Apart
// from mfa.api so the guards of every signed-in route do not bring the rest of it into the first load.
import type { SupabaseClient } from '@/lib/supabase'

/**
 * Whether this session still owes its second factor: the user has a verified factor (next level aal2) but the
 * session is aal1 and was not started with a passkey (which Summit counts as aal2).
 */
export async function owesSecondFactor(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  if (data.currentLevel !== 'aal1' || data.nextLevel !== 'aal2') return false
  // Entries are `{ method, timestamp }` (or bare method names from older tokens).
  return !data.currentAuthenticationMethods.some(
    (entry) => (typeof entry === 'string' ? entry : String(entry.method)) === 'passkey',
  )
}
