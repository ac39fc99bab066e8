// Where the web app's integration tests find the stack: the local stack (`npm test`) or `supabase start` (the GitHub
// job), from SUMMIT_TEST_* variables. Without SUMMIT_TEST_API_URL no stack is running and those tests skip. The key
// defaults are the public local keys both stacks print.
import { createClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'
import type { SupabaseClient } from '@/lib/supabase'

export const apiUrl = process.env.SUMMIT_TEST_API_URL || undefined
export const publishableKey =
  process.env.SUMMIT_TEST_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const secretKey = process.env.SUMMIT_TEST_SECRET_KEY || 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

/** A supabase-js client of the stack with this key, keeping its session in memory under a storage key of its own. */
export function stackClient(key = publishableKey): SupabaseClient {
  return createClient<Database>(apiUrl!, key, {
    // A storage key per client: several signed-in clients share a test's one (jsdom) window.
    auth: { persistSession: false, autoRefreshToken: false, storageKey: `test-${crypto.randomUUID()}` },
  }) as SupabaseClient
}

/** A new confirmed user (made with the secret key), signed in on a client of its own. */
export async function signedInTestUser(prefix: string): Promise<{ id: string; client: SupabaseClient }> {
  const email = `${prefix}-${crypto.randomUUID()}@example.com`
  const password = 'a-long-test-password'
  const created = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: secretKey, authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true }),
  })
  if (created.status !== 200) throw new Error(`creating ${email}: ${created.status} ${await created.text()}`)
  const id = ((await created.json()) as { id: string }).id
  const client = stackClient()
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { id, client }
}

/** Deletes a user made by signedInTestUser. */
export async function deleteTestUser(id: string): Promise<void> {
  await fetch(`${apiUrl}/auth/v1/admin/users/${id}`, {
    method: 'DELETE',
    headers: { apikey: secretKey, authorization: `Bearer ${secretKey}` },
  })
}
