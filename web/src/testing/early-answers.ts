// For tests of the calls that take index.html's early answers (lib/early-requests.ts): what the boot script would
// leave, and a client whose session is set and whose API calls are spies that fail, so a test sees whether a call
// took the early answer or asked the API.
import { vi } from 'vitest'
import type { EarlyAnswer } from '@/lib/early-requests'
import type { SupabaseClient } from '@/lib/supabase'

/** What the boot script would leave: these answers, asked with `token` at `at` (performance.now()). */
export function leaveEarlyAnswers(token: string | null, answers: Record<string, EarlyAnswer | null>, at = 0): void {
  window.__summitEarly = {
    token,
    at,
    answers: Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, Promise.resolve(answer)])),
  }
}

/**
 * A client signed in with `token` (or a visitor's) whose rpc, table reads (`from(table)…maybeSingle()`) and
 * functions.invoke answer "asked the API" errors.
 */
export function spiedClient(token: string | null) {
  const askedApi = { data: null, error: { code: 'asked_api', message: 'asked the API' } }
  const rpc = vi.fn(async () => askedApi)
  const read = { select: () => read, eq: () => read, maybeSingle: async () => askedApi }
  const from = vi.fn(() => read)
  const invoke = vi.fn(async () => ({ data: null, error: new Error('asked the API') }))
  const auth = { getSession: async () => ({ data: { session: token ? { access_token: token } : null } }) }
  return { rpc, from, invoke, client: { auth, rpc, from, functions: { invoke } } as unknown as SupabaseClient }
}
