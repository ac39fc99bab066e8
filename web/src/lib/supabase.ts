// The typed Supabase client for the browser. Every data-access module takes this client (or a test double of the
// same type) as its first argument instead of importing it, see STYLE.md.
//
// It is assembled from supabase-js's own parts (Auth, PostgREST, Storage, Functions) exactly as createClient wires
// them, minus Realtime: createClient builds a RealtimeClient up front, which puts realtime-js and its Phoenix
// socket in every page's first load. Channels come from `openChannel` in ./realtime, which loads them on first use;
// Auth loads when a session may exist (./lazy-auth), Storage on its first request (./lazy-storage), Functions on its
// first invoke or after the page's load event (./lazy-functions).
import { PostgrestClient } from '@supabase/postgrest-js'
import type { SupabaseClient as SupabaseJsClient } from '@supabase/supabase-js'
import type { Database } from './database.types'
import { lazyAuth } from './lazy-auth'
import { lazyFunctions } from './lazy-functions'
import { lazyStorage } from './lazy-storage'
import { apiBase as base, authStorageKey as storageKey, keyAsBearer, supabasePublishableKey } from './supabase-env'

export { supabasePublishableKey, supabaseUrl } from './supabase-env'

/** What the app uses of a supabase-js client; a real one (tests, scripts) is one of these too. */
export type SupabaseClient = Pick<
  SupabaseJsClient<Database>,
  'auth' | 'from' | 'rpc' | 'schema' | 'storage' | 'functions'
>

const headers = { 'X-Client-Info': 'supabase-js-web/2.119.0 (summit)' }

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

/** fetch with the headers supabase-js adds: the key, and the user's token as bearer (else the key, see keyAsBearer). */
function fetchWithAuth(keyIsBearer: boolean): typeof fetch {
  return async (input, init) => {
    const token = await getAccessToken()
    const requestHeaders = new Headers(init?.headers)
    if (!requestHeaders.has('apikey')) requestHeaders.set('apikey', supabasePublishableKey)
    const bearer = token ?? (keyIsBearer ? supabasePublishableKey : null)
    if (!requestHeaders.has('Authorization') && bearer) requestHeaders.set('Authorization', `Bearer ${bearer}`)
    return fetch(input, { ...init, headers: requestHeaders })
  }
}

const authFetch = fetchWithAuth(keyAsBearer('rest'))
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
// functions-js loads on the first invoke or once the page has loaded (./lazy-functions). The player's first request
// for a lesson's media does not wait for it on a first load: the boot script has asked it already (./early-requests).
const functionsFetch = fetchWithAuth(keyAsBearer('functions'))
const functions = lazyFunctions(() =>
  import('@supabase/functions-js').then(
    ({ FunctionsClient }) =>
      new FunctionsClient(new URL('functions/v1', base).href, { headers, customFetch: functionsFetch }),
  ),
)

// The same calls supabase-js forwards to its PostgREST client; its own typings describe them.
export const supabase = {
  auth,
  storage,
  functions,
  from: rest.from.bind(rest),
  rpc: rest.rpc.bind(rest),
  schema: rest.schema.bind(rest),
} as unknown as SupabaseClient
