// The typed Supabase client for the browser. Every data-access module takes this client (or a test double of the
// same type) as its first argument instead of importing it, see STYLE.md.
//
// It is assembled from supabase-js's own parts (Auth, PostgREST, Storage, Functions) exactly as createClient wires
// them, minus Realtime: createClient builds a RealtimeClient up front, which puts realtime-js and its Phoenix
// socket in every page's first load. Channels come from `openChannel` in ./realtime, which loads them on first use;
// Auth loads when a session may exist (./lazy-auth), Storage on its first request (./lazy-storage).
import { FunctionsClient } from '@supabase/functions-js'
import { PostgrestClient } from '@supabase/postgrest-js'
import type { SupabaseClient as SupabaseJsClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { lazyAuth } from './lazy-auth'
import { lazyStorage } from './lazy-storage'

// Defaults point at the local stack (`npm start`); the key is the public local publishable key
// that every `supabase start` prints, so it is safe to commit. `||` (not `??`) so that an empty
// variable in a .env file also falls back instead of producing a broken client.
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321'
export const supabasePublishableKey =
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

/** What the app uses of a supabase-js client; a real one (tests, scripts) is one of these too. */
export type SupabaseClient = Pick<
  SupabaseJsClient<Database>,
  'auth' | 'from' | 'rpc' | 'schema' | 'storage' | 'functions'
>

const base = new URL(supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`)
const headers = { 'X-Client-Info': 'supabase-js-web/2.119.0 (summit)' }

// The key createClient derives from the host, so sessions stored before (and by the tests) are found.
const storageKey = `sb-${base.hostname.split('.')[0]}-auth-token`
// auth-js loads only once a session may exist (see ./lazy-auth): a visitor's first load goes without it.
const auth = lazyAuth(
  () =>
    import('@supabase/auth-js').then(
      ({ AuthClient }) =>
        new AuthClient({
          url: new URL('auth/v1', base).href,
          headers: { Authorization: `Bearer ${supabasePublishableKey}`, apikey: supabasePublishableKey, ...headers },
          storageKey,
          autoRefreshToken: true,
          persistSession: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
          hasCustomAuthorizationHeader: false,
        }),
    ),
  storageKey,
)

/** The signed-in user's access token, or null for a visitor. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await auth.getSession()
  return data.session?.access_token ?? null
}

/**
 * fetch with the headers supabase-js adds: the key, and the user's token as bearer (else the key, except for
 * Functions, which take a publishable key only as `apikey`).
 */
function fetchWithAuth(keyAsBearer: boolean): typeof fetch {
  return async (input, init) => {
    const token = await getAccessToken()
    const requestHeaders = new Headers(init?.headers)
    if (!requestHeaders.has('apikey')) requestHeaders.set('apikey', supabasePublishableKey)
    const bearer = token ?? (keyAsBearer ? supabasePublishableKey : null)
    if (!requestHeaders.has('Authorization') && bearer) requestHeaders.set('Authorization', `Bearer ${bearer}`)
    return fetch(input, { ...init, headers: requestHeaders })
  }
}

const authFetch = fetchWithAuth(true)
const rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
  headers,
  schema: 'public',
  fetch: authFetch,
  // postgrest-js retries a failed GET three times over 7 s; React Query's one quick retry (query-client.ts) is the
  // only one, so an unreachable API shows its error within seconds.
  retry: false,
})
// storage-js loads on the first call that talks to Storage (./lazy-storage); public URLs need no request.
const storageUrl = new URL('storage/v1', base).href
const storage = lazyStorage(storageUrl, () =>
  import('@supabase/storage-js').then(({ StorageClient }) => new StorageClient(storageUrl, headers, authFetch)),
)
// Functions stays in the first load: a lesson's first request is to lesson-media, which must not wait for a chunk.
const functions = new FunctionsClient(new URL('functions/v1', base).href, {
  headers,
  customFetch: fetchWithAuth(!supabasePublishableKey.startsWith('sb_')),
})

// The same calls supabase-js forwards to its PostgREST client; its own typings describe them.
export const supabase = {
  auth,
  storage,
  functions,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
} as unknown as SupabaseClient
