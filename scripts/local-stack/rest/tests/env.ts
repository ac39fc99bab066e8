// What the integration suites share: the running harness (set in beforeAll) and small helpers for raw HTTP.
import { anonKey } from '../../keys/index.ts'
import type { RestHarness } from '../testing/harness.ts'

export interface SuiteEnv {
  h: RestHarness
}

export interface RawResponse {
  status: number
  headers: Headers
  text: string
  json: () => unknown
}

/** A request as supabase-js would make it, minus supabase-js: for headers, statuses and malformed input. */
export async function raw(
  env: SuiteEnv,
  path: string,
  init: RequestInit & { profile?: string } = {},
): Promise<RawResponse> {
  const method = (init.method ?? 'GET').toUpperCase()
  const profile = init.profile ?? 'rest_test'
  const headers = new Headers(init.headers)
  if (!headers.has('apikey')) headers.set('apikey', anonKey)
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${anonKey}`)
  headers.set(method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile', profile)
  // fetch would label a string body text/plain; supabase-js always sends JSON.
  if (init.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json')
  const res = await fetch(`${env.h.restUrl}${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown }
}
