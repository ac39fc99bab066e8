// The typed Supabase client for the browser. Every data-access module takes this client (or a
// test double of the same type) as its first argument instead of importing it, see STYLE.md.
import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

// Defaults point at the local stack (`npm start`); the key is the public local publishable key
// that every `supabase start` prints, so it is safe to commit. `||` (not `??`) so that an empty
// variable in a .env file also falls back instead of producing a broken client.
export const supabaseUrl = import.meta.env.VITE_SUPABASE_URL || 'http://127.0.0.1:54321'
export const supabasePublishableKey =
  import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY || 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'

export const supabase = createClient<Database>(supabaseUrl, supabasePublishableKey)

export type SupabaseClient = typeof supabase
