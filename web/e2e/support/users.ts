// Test users for e2e journeys. `uniqueEmail()` gives an address no other run uses;
// `createConfirmedUser()` makes a ready-to-sign-in user through the Auth admin API (no email sent,
// so it does not spend the stack's hourly email budget).
import { apiUrl, secretKey } from './stack'

export interface TestUser {
  id: string
  email: string
  password: string
  displayName: string
}

/** e.g. `e2e-1732000000000-k3j9x@example.com`; pass a prefix to tell journeys apart in the inbox. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

export async function createConfirmedUser(
  options: { email?: string; password?: string; displayName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'correct-horse-battery'
  const displayName = options.displayName ?? 'E2E Learner'
  const response = await fetch(`${apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { display_name: displayName } }),
  })
  const body = (await response.json()) as { id?: string }
  if (!response.ok || !body.id) {
    throw new Error(
      `createConfirmedUser(${email}): expected 200 from the admin API, got ${response.status} ${JSON.stringify(body)}`,
    )
  }
  return { id: body.id, email, password, displayName }
}
