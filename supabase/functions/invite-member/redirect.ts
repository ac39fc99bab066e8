// Where the invitee's email link lands: the web app's /auth/callback, which signs them in and goes on to /studio
// (where the invitation waits). The app's origin comes from SITE_URL when set, else from the browser's Origin;
// Auth only follows redirects on its allow list (config.toml), and falls back to its site_url for anything else.
import { createClient } from '@supabase/supabase-js'
import type { Database } from '../_shared/database.types.ts'
import type { Client } from '../_shared/supabase.ts'

const landing = '/auth/callback?redirect=%2Fstudio'

export function redirectTarget(request: Request, site: string | undefined): string | undefined {
  for (const candidate of [site, request.headers.get('Origin')]) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${landing}`
    } catch {
      // not a URL: try the next source
    }
  }
  return undefined
}

let anon: Client | undefined

/** A client with the publishable key and no session, for Auth's public endpoints (the sign-in link). */
export function anonClient(): Client {
  const url = Deno.env.get('SUPABASE_URL')
  const key = Deno.env.get('SUPABASE_ANON_KEY')
  if (!url || !key) throw new Error("SUPABASE_URL and SUPABASE_ANON_KEY must be set in the function's environment")
  anon ??= createClient<Database>(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  return anon
}
