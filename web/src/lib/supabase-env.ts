// Where the app's Supabase project is, and under which key auth-js keeps the session: read by the client
// (./supabase) and by index.html's boot script (src/boot.ts), which must stay free of the client.

// Defaults point at the local stack (`npm start`); the key is the public local publishable key
// that every `supabase start` prints, so it is safe to commit. `||` (not `??`) so that an empty
// variable in a .env file also falls back instead of producing a broken client.
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321'
export const supabasePublishableKey =
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

/** The project URL with a trailing slash, for `new URL('rest/v1', apiBase)`. */
export const apiBase = new URL(supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`)

// The key createClient derives from the host, so sessions stored before (and by the tests) are found.
export const authStorageKey = `sb-${apiBase.hostname.split('.')[0]}-auth-token`

/**
 * Whether a request made without a session carries the key as its bearer too. supabase-js does so for PostgREST (and
 * Storage, which shares its fetch here); Functions take a publishable key (`sb_…`) only as `apikey`.
 */
export function keyAsBearer(service: 'rest' | 'functions'): boolean {
  return service !== 'functions' || !supabasePublishableKey.startsWith('sb_')
}
