// Password change with Auth's "secure password change": a session older than a day must confirm with a
// code emailed by `reauthenticate()` before `updateUser({ password, nonce })` is accepted.
import type { SupabaseClient } from '@/lib/supabase'
import { errorCode } from '@/lib/errors'

export type PasswordChangeResult = 'changed' | 'code_needed'

/**
 * Sets the signed-in user's password. Answers 'code_needed' (instead of throwing) when Auth asks for
 * reauthentication; pass the emailed code as `nonce` on the second call.
 */
export async function changePassword(
  client: SupabaseClient,
  password: string,
  nonce?: string,
): Promise<PasswordChangeResult> {
  const { error } = await client.auth.updateUser(nonce ? { password, nonce } : { password })
  if (error) {
    if (!nonce && errorCode(error) === 'reauthentication_needed') return 'code_needed'
    throw error
  }
  return 'changed'
}

/** Emails the signed-in user a one-time code that confirms a password change. */
export async function sendReauthenticationCode(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.reauthenticate()
  if (error) throw error
}
