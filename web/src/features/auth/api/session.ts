// Session reads for loaders and guards. `getSession` reads the stored session (refreshing it when
// expired); `requireSession` is for `beforeLoad`: it sends signed-out visitors to the sign-in page
// with a `redirect` back to where they were going, and a user who has a second factor but signed in
// with the password (or a link) only to /auth/mfa for their code first.
import type { Session } from '@supabase/supabase-js'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { supabase, type SupabaseClient } from '@/lib/supabase'
import { owesSecondFactor } from '../mfa/api/owes-second-factor'

export async function getSession(client: SupabaseClient): Promise<Session | null> {
  const { data, error } = await client.auth.getSession()
  if (error) throw error
  return data.session
}

/**
 * Use in a route's `beforeLoad`: `beforeLoad: async ({ location }) => ({ session: await requireSession(location) })`.
 * Throws a router redirect to `/auth/sign-in?redirect=<href>` when nobody is signed in, and to
 * `/auth/mfa?redirect=<href>` when the session still owes its second factor (aal1 with a verified factor).
 */
export async function requireSession(
  location: Pick<ParsedLocation, 'href'>,
  client: SupabaseClient = supabase,
): Promise<Session> {
  // A broken stored session (e.g. a refresh token revoked elsewhere) counts as signed out.
  const session = await getSession(client).catch(() => null)
  if (!session) {
    throw redirect({ to: '/auth/sign-in', search: { redirect: location.href } })
  }
  // Read from the session's own token and user (no request); a failure here leaves the page to the database.
  if (await owesSecondFactor(client).catch(() => false)) {
    throw redirect({ to: '/auth/mfa', search: { redirect: location.href } })
  }
  return session
}
