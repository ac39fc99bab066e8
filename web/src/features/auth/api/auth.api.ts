// Auth calls behind the sign-in, sign-up, reset and callback screens. Each takes the client first
// and throws Auth's error (with its `code`) for the form to turn into a sentence.
import type { SupabaseClient } from '@/lib/supabase'

/** The absolute callback URL emails link back to, carrying where to go afterwards. */
export function callbackUrl(redirect?: string): string {
  const url = new URL('/auth/callback', window.location.origin)
  if (redirect) url.searchParams.set('redirect', redirect)
  return url.toString()
}

export async function signInWithPassword(client: SupabaseClient, email: string, password: string) {
  const { data, error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return data.session
}

/**
 * Emails a sign-in link to an existing account. Unknown addresses get the same answer (no error), so
 * the form does not reveal who has an account.
 */
export async function sendMagicLink(client: SupabaseClient, email: string, redirect?: string): Promise<void> {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: callbackUrl(redirect) },
  })
  if (error && !['otp_disabled', 'user_not_found', 'signup_disabled'].includes(error.code ?? '')) throw error
}

export async function signUp(
  client: SupabaseClient,
  values: { email: string; password: string; displayName: string },
  redirect?: string,
) {
  const { data, error } = await client.auth.signUp({
    email: values.email,
    password: values.password,
    options: {
      emailRedirectTo: callbackUrl(redirect),
      // The profile trigger reads these (display name, and the browser's zone when it is valid).
      data: { display_name: values.displayName, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    },
  })
  if (error) throw error
  return data
}

/** Sends the reset email. Same answer whether or not the account exists (Auth does not tell either). */
export async function sendPasswordReset(client: SupabaseClient, email: string): Promise<void> {
  const redirectTo = new URL('/auth/reset', window.location.origin).toString()
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo })
  if (error && error.code !== 'user_not_found') throw error
}

export async function updatePassword(client: SupabaseClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password })
  if (error) throw error
}

export async function exchangeCode(client: SupabaseClient, code: string) {
  const { data, error } = await client.auth.exchangeCodeForSession(code)
  if (error) throw error
  return data.session
}

export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut()
  // Signing out of a session the server already forgot still clears this browser; nothing to show.
  if (error && error.code !== 'session_not_found') throw error
}
